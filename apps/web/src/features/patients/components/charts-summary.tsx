import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  type BpFigure,
  heartRateColor,
  type ReadingView,
  readingSummary,
  systolicColor,
  weightChangeColor,
} from '@vigil/core';
import { type ReactNode, useMemo } from 'react';
import { chartsLabels } from './charts-labels';
import { asReading, type InfoToggle } from './charts-readings-window';
import { BandValue } from './list-cells';

interface ChartsSummaryProps {
  readings: ReadingView[];
  info: InfoToggle;
  rangeDays: number;
  /** The last instant of the range. */
  now: Date;
}

const bpText = (f: BpFigure) => `${f.systolic}/${f.diastolic ?? chartsLabels.noValue}`;
const signed = (n: number | null) => (n === null ? chartsLabels.noValue : `${n > 0 ? '+' : ''}${n}`);

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 64 }}>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', letterSpacing: 0.5 }}>
        {label}
      </Typography>
      <Typography component="div" sx={{ fontWeight: 500 }}>
        {children}
      </Typography>
    </Box>
  );
}

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box
      component="section"
      aria-label={title}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, px: 1.5, py: 1, flex: '1 1 200px' }}
    >
      <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
        {title}
      </Typography>
      <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap' }}>
        {children}
      </Stack>
    </Box>
  );
}

/**
 * The summary above the readings (spec patients 2.6, 9): BP and HR HIGH, LOW and MEAN, the latest weight with
 * its change from 1 and 7 days before, and the days transmitted in the range (core readingSummary).
 */
export function ChartsSummary({ readings, info, rangeDays, now }: ChartsSummaryProps) {
  const summary = useMemo(
    () => readingSummary(readings.map(asReading), { now, rangeDays }),
    [readings, now, rangeDays],
  );
  const { bp, heartRate, weight } = summary;
  const changeColor = weight
    ? weightChangeColor({ oneDay: weight.changeOneDay, sevenDays: weight.changeSevenDays })
    : null;
  return (
    <Stack spacing={1}>
      <Stack direction="row" sx={{ gap: 1.5, flexWrap: 'wrap' }}>
        {info !== 'weight' && (
          <Group title={chartsLabels.bloodPressure}>
            {bp ? (
              <>
                <Figure label={chartsLabels.high}>
                  <BandValue color={systolicColor(bp.high.systolic)}>{bpText(bp.high)}</BandValue>
                </Figure>
                <Figure label={chartsLabels.low}>
                  <BandValue color={systolicColor(bp.low.systolic)}>{bpText(bp.low)}</BandValue>
                </Figure>
                <Figure label={chartsLabels.mean}>
                  <BandValue color={systolicColor(bp.mean.systolic)}>{bpText(bp.mean)}</BandValue>
                </Figure>
              </>
            ) : (
              <Typography color="text.secondary">{chartsLabels.noValue}</Typography>
            )}
          </Group>
        )}
        {info !== 'weight' && (
          <Group title={chartsLabels.heartRate}>
            {heartRate ? (
              <>
                <Figure label={chartsLabels.high}>
                  <BandValue color={heartRateColor(heartRate.high)}>{heartRate.high}</BandValue>
                </Figure>
                <Figure label={chartsLabels.low}>
                  <BandValue color={heartRateColor(heartRate.low)}>{heartRate.low}</BandValue>
                </Figure>
                <Figure label={chartsLabels.mean}>
                  <BandValue color={heartRateColor(heartRate.mean)}>{heartRate.mean}</BandValue>
                </Figure>
              </>
            ) : (
              <Typography color="text.secondary">{chartsLabels.noValue}</Typography>
            )}
          </Group>
        )}
        {info !== 'bpHr' && (
          <Group title={chartsLabels.weight}>
            {weight ? (
              <>
                <Figure label={chartsLabels.latest}>{`${weight.latest} lbs`}</Figure>
                <Figure label={chartsLabels.vsYesterday}>
                  <BandValue color={weight.changeOneDay === null ? null : changeColor}>
                    {signed(weight.changeOneDay)}
                  </BandValue>
                </Figure>
                <Figure label={chartsLabels.vsLastWeek}>
                  <BandValue color={weight.changeSevenDays === null ? null : changeColor}>
                    {signed(weight.changeSevenDays)}
                  </BandValue>
                </Figure>
              </>
            ) : (
              <Typography color="text.secondary">{chartsLabels.noValue}</Typography>
            )}
          </Group>
        )}
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {summary.daysTransmittedText}
      </Typography>
    </Stack>
  );
}
