import { TZDate } from '@date-fns/tz';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useDrawingArea, useYScale } from '@mui/x-charts/hooks';
import { LineChart } from '@mui/x-charts/LineChart';
import {
  bpAxis,
  bpAxisMax,
  chartDateLabelFormat,
  chartReadings,
  chartReferenceBands,
  defaultTimeZone,
  type ReadingView,
  weightAxis,
} from '@vigil/core';
import { format } from 'date-fns';
import { useMemo } from 'react';
import { chartsLabels } from './charts-labels';
import { asReading, type InfoToggle } from './charts-readings-window';

interface ChartsReadingsChartProps {
  readings: ReadingView[];
  info: InfoToggle;
}

const colors = {
  systolic: '#c0392b',
  diastolic: '#1f6f8b',
  heartRate: '#7b5ea7',
  weight: '#2e7d5b',
  ideal: 'rgba(46, 125, 50, 0.12)',
  high: 'rgba(198, 40, 40, 0.12)',
};

/** Ticks from 0 to `max` every `step` (spec patients 9: BP every 20, weight every 30). */
const ticks = (max: number, step: number) => Array.from({ length: max / step + 1 }, (_, i) => i * step);

/** The readings' days, one point each, labelled as the spec's charts label them. */
const dateAxis = (rows: readonly { date: Date }[]) => [
  {
    scaleType: 'point' as const,
    data: rows.map((r) => r.date.getTime()),
    valueFormatter: dateLabels(rows.map((r) => r.date)),
  },
];

interface Band {
  from: number;
  to: number;
  fill: string;
}

/** The reference bands behind the lines: ideal systolic, ideal diastolic, and high systolic up to the top. */
function ReferenceBands({ bands }: { bands: Band[] }) {
  const { left, width } = useDrawingArea();
  const y = useYScale() as (value: number) => number;
  return (
    <g aria-hidden>
      {bands.map((b) => (
        <rect
          key={`${b.from}-${b.to}`}
          x={left}
          width={width}
          y={y(b.to)}
          height={Math.max(0, y(b.from) - y(b.to))}
          fill={b.fill}
        />
      ))}
    </g>
  );
}

function dateLabels(dates: Date[]) {
  const pattern = chartDateLabelFormat(dates.length);
  return (value: number) => format(new TZDate(value, defaultTimeZone), pattern);
}

const chartHeight = 300;

/**
 * The readings chart (spec patients 9), loaded on its own: blood pressure and heart rate on 0-200 by 20
 * (higher when a systolic is above 200) with the reference bands, weight on 0-300 by 30; values floored,
 * weight to 0.1, sorted by date, with date labels by the number of readings.
 */
export default function ChartsReadingsChart({ readings, info }: ChartsReadingsChartProps) {
  const sorted = useMemo(() => chartReadings(readings.map(asReading)), [readings]);
  const bp = sorted.filter((r) => typeof r.systolic === 'number' || typeof r.heartRate === 'number');
  const weights = sorted.filter((r) => typeof r.weight === 'number');
  const bpMax = bpAxisMax(bp);
  const bands = chartReferenceBands;

  return (
    <Stack spacing={2}>
      {info !== 'weight' && bp.length > 0 && (
        <Box role="img" aria-label={chartsLabels.bpChart}>
          <Typography variant="subtitle2" component="h3">
            {chartsLabels.bloodPressure}
          </Typography>
          <LineChart
            height={chartHeight}
            skipAnimation
            margin={{ left: 0, right: 36 }}
            xAxis={dateAxis(bp)}
            yAxis={[{ min: bpAxis.min, max: bpMax, tickInterval: ticks(bpMax, bpAxis.step), width: 40 }]}
            // Straight segments: a smoothed curve would draw peaks between readings that nobody measured.
            series={[
              {
                label: chartsLabels.systolic,
                data: bp.map((r) => r.systolic ?? null),
                color: colors.systolic,
                connectNulls: true,
                curve: 'linear',
              },
              {
                label: chartsLabels.diastolic,
                data: bp.map((r) => r.diastolic ?? null),
                color: colors.diastolic,
                connectNulls: true,
                curve: 'linear',
              },
              {
                label: chartsLabels.heartRate,
                data: bp.map((r) => r.heartRate ?? null),
                color: colors.heartRate,
                connectNulls: true,
                curve: 'linear',
              },
            ]}
          >
            <ReferenceBands
              bands={[
                { ...bands.idealSystolic, fill: colors.ideal },
                { ...bands.idealDiastolic, fill: colors.ideal },
                { from: bands.highSystolic.from, to: bpMax, fill: colors.high },
              ]}
            />
          </LineChart>
        </Box>
      )}
      {info !== 'bpHr' && weights.length > 0 && (
        <Box role="img" aria-label={chartsLabels.weightChart}>
          <Typography variant="subtitle2" component="h3">
            {chartsLabels.weightLbs}
          </Typography>
          <LineChart
            height={chartHeight}
            skipAnimation
            margin={{ left: 0, right: 36 }}
            xAxis={dateAxis(weights)}
            yAxis={[
              {
                min: weightAxis.min,
                max: weightAxis.max,
                tickInterval: ticks(weightAxis.max, weightAxis.step),
                width: 40,
              },
            ]}
            series={[
              {
                label: chartsLabels.weight,
                data: weights.map((r) => r.weight ?? null),
                color: colors.weight,
                curve: 'linear',
                valueFormatter: (v) => (v === null ? '' : `${v} lbs`),
              },
            ]}
          />
        </Box>
      )}
    </Stack>
  );
}
