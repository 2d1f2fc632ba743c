import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { calendarDay, defaultTimeZone, type GraphFilterData, type PatientDetailsView } from '@vigil/core';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useReadings } from '../api/get-readings';
import { ChartsFilterBar } from './charts-filter-bar';
import { chartsLabels } from './charts-labels';
import { ChartsManualReadingDialog } from './charts-manual-reading-dialog';
import { ChartsReadingsTable } from './charts-readings-table';
import { matchesInfo, readingsWindow } from './charts-readings-window';
import { ChartsSummary } from './charts-summary';

// The chart library is the heaviest part of the page: it loads only when the chart is shown (DESIGN 7).
const ChartsReadingsChart = lazy(() => import('./charts-readings-chart'));

interface ChartsReadingsTabProps {
  patient: PatientDetailsView;
  filter: GraphFilterData;
  onFilterChange: (next: GraphFilterData) => void;
}

/** The Readings tab: the filters, the summary, the table or chart, and the manual reading dialog. */
export function ChartsReadingsTab({ patient, filter, onFilterChange }: ChartsReadingsTabProps) {
  const [adding, setAdding] = useState(false);
  const today = calendarDay(new Date(), defaultTimeZone);
  const range = useMemo(() => readingsWindow(filter, today), [filter, today]);
  const readings = useReadings(patient._id, range);
  // The weight's changes look back up to 7 days before the range's first day (spec patients 2.6).
  const before = useReadings(patient._id, range.before);
  const summarised = useMemo(
    () => (readings.data && before.data ? [...before.data, ...readings.data] : undefined),
    [readings.data, before.data],
  );
  const shown = useMemo(
    () => (readings.data ?? []).filter((r) => matchesInfo(r, filter.infoToggle)),
    [readings.data, filter.infoToggle],
  );

  return (
    <Stack spacing={2}>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={1.5}
        sx={{ alignItems: { xs: 'stretch', md: 'flex-start' }, justifyContent: 'space-between' }}
      >
        <ChartsFilterBar filter={filter} onFilterChange={onFilterChange} />
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={() => setAdding(true)}
          sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start', md: 'flex-start' } }}
        >
          {chartsLabels.addReading}
        </Button>
      </Stack>
      <Box sx={{ minHeight: 4 }}>
        {(readings.isFetching || before.isFetching) && <LinearProgress aria-label={chartsLabels.readings} />}
      </Box>
      {summarised && (
        <ChartsSummary
          readings={summarised}
          info={filter.infoToggle}
          rangeDays={range.rangeDays}
          now={range.last}
        />
      )}
      {readings.data && shown.length === 0 ? (
        <Box sx={{ py: 4, textAlign: 'center' }}>
          <Typography sx={{ fontWeight: 500 }}>{chartsLabels.noReadings}</Typography>
          <Typography variant="body2" color="text.secondary">
            {chartsLabels.adjustDates}
          </Typography>
        </Box>
      ) : filter.toggle === 'chart' ? (
        <Suspense fallback={<Typography color="text.secondary">{chartsLabels.loadingChart}</Typography>}>
          <ChartsReadingsChart readings={shown} info={filter.infoToggle} />
        </Suspense>
      ) : (
        <ChartsReadingsTable patientId={patient._id} readings={shown} info={filter.infoToggle} />
      )}
      <ChartsManualReadingDialog open={adding} patient={patient} onClose={() => setAdding(false)} />
    </Stack>
  );
}
