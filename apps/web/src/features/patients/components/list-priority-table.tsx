import CheckCircle from '@mui/icons-material/CheckCircle';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  type AlertCategory,
  alertCategories,
  alertCategoryLabels,
  formatDuration,
  labels,
  messages,
  type PriorityListRow,
  type PriorityListSortField,
  timeTracking,
} from '@vigil/core';
import type { ListSort } from '../list-state';
import { formatListDate, missing } from './list-cells';
import { ListSortHeader } from './list-sort-header';
import { PatientBadge } from './patient-badge';

const columns: { field: PriorityListSortField; label: string; numeric?: boolean }[] = [
  { field: 'fullName', label: labels.name },
  { field: 'dateOfBirth', label: labels.dob },
  { field: 'dateOfEnrollment', label: labels.dateOfEnrollment },
  { field: 'lastCompletedCall', label: labels.lastCompletedCall },
  { field: 'lastAttemptedCall', label: labels.lastAttemptedCall },
  { field: 'attemptedcallsCount', label: labels.callsAttempted, numeric: true },
  { field: 'trackedTimeThisMonth', label: labels.tracked },
  { field: 'numDaysWithReadings', label: labels.numDays, numeric: true },
  { field: 'lastReading', label: labels.lastReading },
  { field: 'lastBpReading', label: labels.lastBpReading },
  { field: 'numActiveAlerts', label: labels.alerts, numeric: true },
];

/** The Alerts count takes the colour of the most urgent active alert's category (Clinical first). */
const categoryColors: Record<AlertCategory, { fg: string; bg: string }> = {
  Clinical: { fg: '#ffffff', bg: '#c62828' },
  Manual: { fg: '#ffffff', bg: '#b74a00' },
  SMS: { fg: '#ffffff', bg: '#1565c0' },
  AdherenceCoaching: { fg: '#3d2c00', bg: '#f6c443' },
};

const isCategory = (value: string | null): value is AlertCategory =>
  alertCategories.includes(value as AlertCategory);

function AlertCount({ row }: { row: PriorityListRow }) {
  const category = isCategory(row.highestPriorityAlertCategory) ? row.highestPriorityAlertCategory : null;
  if (row.numActiveAlerts === 0 || !category) {
    return <Typography variant="body2">{row.numActiveAlerts}</Typography>;
  }
  const label = labels.activeAlerts(row.numActiveAlerts, alertCategoryLabels[category] ?? category);
  return (
    <Box
      component="span"
      role="img"
      aria-label={label}
      title={label}
      sx={{
        display: 'inline-block',
        minWidth: 26,
        px: 0.75,
        borderRadius: 13,
        textAlign: 'center',
        fontWeight: 600,
        fontSize: '0.8rem',
        lineHeight: '24px',
        color: categoryColors[category].fg,
        bgcolor: categoryColors[category].bg,
      }}
    >
      {row.numActiveAlerts}
    </Box>
  );
}

function Tracked({ seconds }: { seconds: number }) {
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', whiteSpace: 'nowrap' }}>
      <span>{formatDuration(seconds)}</span>
      {seconds > timeTracking.trackedCheckAboveSeconds && (
        <CheckCircle
          color="success"
          sx={{ fontSize: 18 }}
          titleAccess={labels.trackedOver(timeTracking.trackedCheckAboveSeconds / 60)}
        />
      )}
    </Stack>
  );
}

function LastBpReading({ reading }: { reading: PriorityListRow['lastBpReading'] }) {
  if (!reading) return <>{missing}</>;
  return (
    <Box sx={{ whiteSpace: 'nowrap' }}>
      <Typography variant="body2" sx={{ fontWeight: 500 }}>
        {reading.diastolic === null ? reading.systolic : `${reading.systolic}/${reading.diastolic}`}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {formatListDate(reading.date)}
      </Typography>
    </Box>
  );
}

interface ListPriorityTableProps {
  rows: readonly PriorityListRow[] | undefined;
  sort: ListSort<PriorityListSortField> | null;
  onSort: (field: PriorityListSortField) => void;
  /** Why the list could not be loaded, shown in place of the rows. */
  error: string | null;
  /** A row click opens the patient's detail page (spec patients 2.3). */
  onOpen: (row: PriorityListRow) => void;
}

/** The priority list's page of patients with every column of spec patients 2.3; '-' marks a missing value. */
export function ListPriorityTable({ rows, sort, onSort, error, onOpen }: ListPriorityTableProps) {
  return (
    <TableContainer>
      <Table
        size="small"
        aria-label={labels.patientPriorityList}
        // Eleven columns: narrower gutters let them all fit a laptop screen; a phone scrolls sideways.
        sx={{
          minWidth: 1040,
          '& .MuiTableCell-root': { px: 1 },
          '& .MuiTableCell-root:first-of-type': { pl: 2 },
          '& .MuiTableCell-root:last-of-type': { pr: 2 },
        }}
      >
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <ListSortHeader
                key={column.field}
                label={column.label}
                field={column.field}
                sort={sort}
                onSort={onSort}
                align={column.numeric ? 'right' : 'left'}
              />
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows === undefined ? (
            <TableRow>
              <TableCell colSpan={columns.length} sx={{ py: 4, textAlign: 'center' }}>
                {error ?? labels.loading}
              </TableCell>
            </TableRow>
          ) : rows.length === 0 ? (
            <TableRow>
              <TableCell colSpan={columns.length} sx={{ py: 4, textAlign: 'center' }}>
                {messages.noResults}
              </TableCell>
            </TableRow>
          ) : (
            rows.map((row) => (
              <TableRow
                key={row._id}
                hover
                tabIndex={0}
                onClick={() => onOpen(row)}
                // The row is the way in: Enter opens it from the keyboard too.
                onKeyDown={(event) => event.key === 'Enter' && onOpen(row)}
                sx={{ cursor: 'pointer' }}
              >
                <TableCell component="th" scope="row" sx={{ minWidth: 170 }}>
                  <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                    <Typography variant="body2" sx={{ fontWeight: 500 }}>
                      {row.fullName}
                    </Typography>
                    <PatientBadge flags={row} />
                  </Stack>
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatListDate(row.dateOfBirth)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {row.dateOfEnrollment ? formatListDate(row.dateOfEnrollment) : labels.never}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatListDate(row.lastCompletedCall)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatListDate(row.lastAttemptedCall)}</TableCell>
                <TableCell align="right">{row.attemptedcallsCount}</TableCell>
                <TableCell>
                  <Tracked seconds={row.trackedTimeThisMonth} />
                </TableCell>
                <TableCell align="right">{row.numDaysWithReadings}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatListDate(row.lastReading)}</TableCell>
                <TableCell>
                  <LastBpReading reading={row.lastBpReading} />
                </TableCell>
                <TableCell align="right">
                  <AlertCount row={row} />
                </TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
