import { TZDate } from '@date-fns/tz';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import { defaultTimeZone, heartRateColor, type ReadingView, systolicColor } from '@vigil/core';
import { format } from 'date-fns';
import { useMemo, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useRemoveReading } from '../api/remove-reading';
import { chartsLabels } from './charts-labels';
import type { InfoToggle } from './charts-readings-window';
import { BandValue } from './list-cells';

interface ChartsReadingsTableProps {
  patientId: string;
  readings: ReadingView[];
  info: InfoToggle;
}

/** The reading's date and time on the Pacific calendar (spec patients 9: display timezone Pacific). */
const pacific = (r: ReadingView, pattern: string) =>
  format(new TZDate(new Date(r.date).getTime(), defaultTimeZone), pattern);
const none = chartsLabels.noValue;

/**
 * The readings table (spec patients 2.6): newest first, systolic and heart rate in their colours (spec
 * patients 9), each reading removable after a question.
 */
export function ChartsReadingsTable({ patientId, readings, info }: ChartsReadingsTableProps) {
  const remove = useRemoveReading();
  const [removing, setRemoving] = useState<ReadingView | null>(null);
  const rows = useMemo(() => [...readings].reverse(), [readings]);
  const showBp = info !== 'weight';
  const showWeight = info !== 'bpHr';
  const when = (r: ReadingView) => pacific(r, 'MM/dd/yyyy h:mm a');

  const handleConfirm = async () => {
    if (!removing) return;
    await remove
      .mutateAsync({ patientId, readingId: removing._id })
      .catch(() => undefined)
      .finally(() => setRemoving(null));
  };

  return (
    <>
      <TableContainer sx={{ maxHeight: 480, overflowX: 'auto' }}>
        <Table
          size="small"
          stickyHeader
          aria-label={chartsLabels.readingsTable}
          // A phone has room for every column only with less padding; the rest scrolls sideways.
          sx={{ '& .MuiTableCell-root': { px: { xs: 0.75, sm: 2 } } }}
        >
          <TableHead>
            <TableRow>
              <TableCell>{chartsLabels.date}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{chartsLabels.time}</TableCell>
              {showBp && <TableCell>{chartsLabels.bp}</TableCell>}
              {showBp && <TableCell>{chartsLabels.hr}</TableCell>}
              {showWeight && <TableCell>{chartsLabels.weight}</TableCell>}
              <TableCell>{chartsLabels.readingType}</TableCell>
              <TableCell align="right">{chartsLabels.action}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((r) => (
              <TableRow key={r._id} hover>
                <TableCell>{pacific(r, 'MM/dd/yyyy')}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{pacific(r, 'h:mm a')}</TableCell>
                {showBp && (
                  <TableCell>
                    {r.systolic === null ? (
                      none
                    ) : (
                      <BandValue
                        color={systolicColor(r.systolic)}
                      >{`${r.systolic}/${r.diastolic ?? none}`}</BandValue>
                    )}
                  </TableCell>
                )}
                {showBp && (
                  <TableCell>
                    {r.heartRate === null ? (
                      none
                    ) : (
                      <BandValue color={heartRateColor(r.heartRate)}>{r.heartRate}</BandValue>
                    )}
                  </TableCell>
                )}
                {showWeight && (
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {r.weight === null ? none : `${r.weight} lbs`}
                  </TableCell>
                )}
                <TableCell>{r.type === 'MANUAL' ? chartsLabels.manual : chartsLabels.device}</TableCell>
                <TableCell align="right" sx={{ py: 0 }}>
                  <Tooltip title={chartsLabels.remove}>
                    <IconButton
                      size="small"
                      aria-label={chartsLabels.removeReadingOf(when(r))}
                      onClick={() => setRemoving(r)}
                    >
                      <DeleteOutlineIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <ConfirmDialog
        open={removing !== null}
        title={chartsLabels.removeReading}
        text={removing ? chartsLabels.confirmRemoveReading(when(removing)) : ''}
        confirmLabel={chartsLabels.remove}
        pending={remove.isPending}
        destructive
        onConfirm={handleConfirm}
        onCancel={() => setRemoving(null)}
      />
    </>
  );
}
