import Check from '@mui/icons-material/Check';
import Description from '@mui/icons-material/Description';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import {
  type BandColor,
  bpAtGoalColor,
  type ClinicianListRow,
  type ClinicianListSortField,
  calendarDay,
  complianceColor,
  defaultTimeZone,
  labels,
  meanSystolicColor,
  messages,
  notices,
  reportTexts,
  weightColor,
} from '@vigil/core';
import type { ListSort } from '../list-state';
import { BandValue, formatListDate, missing } from './list-cells';
import { ListSortHeader } from './list-sort-header';

/** Days since the last review on the clinic's calendar (DESIGN 4: days are the clinic's calendar days). */
function daysSinceReview(lastReviewedAt: string | null, now: Date): number | null {
  if (!lastReviewedAt) return null;
  return calendarDay(now, defaultTimeZone) - calendarDay(new Date(lastReviewedAt), defaultTimeZone);
}

/** The last-reviewed dot (DESIGN 4): green within 7 days, yellow 8 to 30, red after 30 days or never. */
export function reviewedColor(days: number | null): BandColor {
  if (days === null || days > 30) return 'red';
  return days <= 7 ? 'green' : 'yellow';
}

/** The dot is a small mark, so it takes the full-strength colours rather than the text-on-tint ones. */
const dotColors: Record<BandColor, string> = { green: '#2e7d32', yellow: '#f2b705', red: '#d32f2f' };

function ReviewedDot({ lastReviewedAt, now }: { lastReviewedAt: string | null; now: Date }) {
  const color = reviewedColor(daysSinceReview(lastReviewedAt, now));
  const label = lastReviewedAt ? labels.lastReviewedOn(formatListDate(lastReviewedAt)) : labels.neverReviewed;
  return (
    <Tooltip title={label}>
      <Box
        role="img"
        aria-label={label}
        tabIndex={0}
        sx={{
          width: 14,
          height: 14,
          borderRadius: '50%',
          mx: 'auto',
          bgcolor: dotColors[color],
        }}
      />
    </Tooltip>
  );
}

interface ListClinicianTableProps {
  rows: readonly ClinicianListRow[] | undefined;
  sort: ListSort<ClinicianListSortField> | null;
  onSort: (field: ClinicianListSortField) => void;
  /** The patient whose review is being saved. */
  reviewingId: string | null;
  onMarkReviewed: (row: ClinicianListRow) => void;
  /** Shown under the rows while the next page loads. */
  loadingMore: boolean;
  /** Why the list could not be loaded, shown in place of the rows. */
  error: string | null;
  /** A row click opens the patient's detail page (spec patients 2.2). */
  onOpen: (row: ClinicianListRow) => void;
  /** The Reports column opens the Export Data Report dialog for the row's patient (spec patients 2.2). */
  onReports: (row: ClinicianListRow) => void;
}

const columnCount = 9;

/** The clinician list's rows (spec patients 2.2), with the colour bands and tooltips of spec patients 9. */
export function ListClinicianTable({
  rows,
  sort,
  onSort,
  reviewingId,
  onMarkReviewed,
  loadingMore,
  error,
  onOpen,
  onReports,
}: ListClinicianTableProps) {
  const now = new Date();
  const header = { sort, onSort };
  const notice = (text: string) => (
    <TableRow>
      <TableCell colSpan={columnCount} sx={{ py: 4, textAlign: 'center' }}>
        {text}
      </TableCell>
    </TableRow>
  );
  return (
    <TableContainer>
      <Table size="small" aria-label={labels.clinicianPatientList} sx={{ minWidth: 900 }}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ fontWeight: 600, lineHeight: 1.3, verticalAlign: 'bottom' }}>
              {labels.markReviewed}
            </TableCell>
            <ListSortHeader {...header} label={labels.reviewed} field="lastReviewed" align="center" />
            <ListSortHeader {...header} label={labels.name} field="fullName" />
            <ListSortHeader {...header} label={labels.dob} field="dateOfBirth" />
            <ListSortHeader
              {...header}
              label={labels.bpAtGoal}
              field="percentageReadingsOnTarget"
              tooltip={notices.bpAtGoalTooltip}
            />
            <ListSortHeader
              {...header}
              label={labels.meanBp}
              field="avgSystolic"
              tooltip={notices.meanBpTooltip}
            />
            <ListSortHeader
              {...header}
              label={labels.compliance}
              field="percentageReadingsCompliant"
              tooltip={notices.complianceTooltip}
            />
            <ListSortHeader
              {...header}
              label={labels.weight}
              field="mostRecentWeight"
              tooltip={notices.weightTooltip}
            />
            <TableCell align="center" sx={{ fontWeight: 600, lineHeight: 1.3, verticalAlign: 'bottom' }}>
              {reportTexts.reports}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows === undefined
            ? notice(error ?? labels.loading)
            : rows.length === 0
              ? notice(messages.noResults)
              : rows.map((row) => {
                  const reviewedToday = daysSinceReview(row.lastReviewedAt, now) === 0;
                  return (
                    <TableRow
                      key={row._id}
                      hover
                      tabIndex={0}
                      onClick={() => onOpen(row)}
                      // The row is the way in: Enter opens it from the keyboard too (not from its button).
                      onKeyDown={(event) =>
                        event.key === 'Enter' && event.target === event.currentTarget && onOpen(row)
                      }
                      sx={{ cursor: 'pointer' }}
                    >
                      <TableCell>
                        <Button
                          size="small"
                          variant={reviewedToday ? 'text' : 'outlined'}
                          disabled={reviewedToday}
                          startIcon={reviewedToday ? <Check /> : undefined}
                          loading={reviewingId === row._id}
                          onClick={(event) => {
                            // Marking reviewed stays on the list; the row's click opens the patient.
                            event.stopPropagation();
                            onMarkReviewed(row);
                          }}
                          aria-label={`${reviewedToday ? labels.reviewed : labels.markReviewed}: ${row.fullName}`}
                          sx={{ whiteSpace: 'nowrap' }}
                        >
                          {reviewedToday ? labels.reviewed : labels.markReviewed}
                        </Button>
                      </TableCell>
                      <TableCell align="center">
                        <ReviewedDot lastReviewedAt={row.lastReviewedAt} now={now} />
                      </TableCell>
                      <TableCell component="th" scope="row" sx={{ minWidth: 160 }}>
                        <Typography variant="body2" sx={{ fontWeight: 500 }}>
                          {row.fullName}
                        </Typography>
                      </TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatListDate(row.dateOfBirth)}</TableCell>
                      <TableCell>
                        {row.percentageReadingsOnTarget === null ? (
                          missing
                        ) : (
                          <BandValue color={bpAtGoalColor(row.percentageReadingsOnTarget)}>
                            {`${Math.round(row.percentageReadingsOnTarget)}%`}
                          </BandValue>
                        )}
                      </TableCell>
                      <TableCell>
                        {row.avgSystolic === null ? (
                          missing
                        ) : (
                          <BandValue color={meanSystolicColor(row.avgSystolic)}>
                            {`${row.avgSystolic}/${row.avgDiastolic ?? missing}`}
                          </BandValue>
                        )}
                      </TableCell>
                      <TableCell>
                        <BandValue color={complianceColor(row.percentageReadingsCompliant)}>
                          {`${Math.round(row.percentageReadingsCompliant)}%`}
                        </BandValue>
                      </TableCell>
                      <TableCell>
                        {row.mostRecentWeight === null ? (
                          missing
                        ) : (
                          <BandValue color={weightColor(row)}>{`${row.mostRecentWeight} lbs`}</BandValue>
                        )}
                      </TableCell>
                      <TableCell align="center">
                        <Tooltip title={reportTexts.exportDataReport}>
                          <IconButton
                            size="small"
                            aria-label={`${reportTexts.exportDataReport}: ${row.fullName}`}
                            onClick={(event) => {
                              // The dialog opens over the list; the row's click opens the patient.
                              event.stopPropagation();
                              onReports(row);
                            }}
                          >
                            <Description fontSize="small" />
                          </IconButton>
                        </Tooltip>
                      </TableCell>
                    </TableRow>
                  );
                })}
          {loadingMore && notice(labels.loading)}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
