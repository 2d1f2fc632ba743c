import MoreTime from '@mui/icons-material/MoreTime';
import Button from '@mui/material/Button';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ManualTimeForm, maxTrackedSeconds, timerDisplay, trackedTimeTexts } from '@vigil/core';
import { useId, useState } from 'react';
import { CancelButton } from '../../../components/cancel-button';
import { SectionCard } from '../../../components/section-card';
import { useSingleFlight } from '../../../lib/use-single-flight';
import { useAddManualTime } from '../api/add-manual-time';

const digits = (value: string) => value.replace(/\D/g, '').slice(0, 2);

interface TrackedTimeSectionProps {
  patientId: string;
  /** This month's tracked seconds, as the server last answered. */
  seconds: number;
}

/**
 * The monthly tracked time widget (spec patients 2.1, 4): this month's time as hh:mm:ss, 'None' at zero,
 * and Manually Add Time, whose hours and minutes are added only when they come to more than 0 seconds.
 */
export function TrackedTimeSection({ patientId, seconds }: TrackedTimeSectionProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [hours, setHours] = useState('');
  const [minutes, setMinutes] = useState('');
  const addTime = useAddManualTime();
  const once = useSingleFlight();
  const titleId = useId();
  const parsed = ManualTimeForm.safeParse({ hours: hours || '0', minutes: minutes || '0' });

  // While an entry is being added the popover stays, so its outcome is seen and it is not added twice.
  const saving = addTime.isPending;

  function reset() {
    setAnchor(null);
    setHours('');
    setMinutes('');
  }

  function handleClose() {
    if (!saving) reset();
  }

  function handleAdd() {
    if (!parsed.success) return;
    const seconds = parsed.data;
    once(() => addTime.mutateAsync({ patientId, seconds }).then(reset));
  }

  return (
    <SectionCard title={trackedTimeTexts.trackedTimeThisMonth}>
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 2 }}>
        <Typography
          variant="h3"
          component="p"
          data-testid="tracked-time"
          sx={{ fontVariantNumeric: 'tabular-nums' }}
        >
          {timerDisplay(seconds)}
        </Typography>
        <Button
          variant="outlined"
          startIcon={<MoreTime />}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          {trackedTimeTexts.manuallyAddTime}
        </Button>
      </Stack>
      <Popover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={handleClose}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        slotProps={{ paper: { role: 'dialog', 'aria-labelledby': titleId, sx: { p: 2, width: 280 } } }}
      >
        <Stack
          component="form"
          noValidate
          spacing={2}
          onSubmit={(event) => {
            event.preventDefault();
            // React bubbles events through the portal: the patient form around must not submit too.
            event.stopPropagation();
            handleAdd();
          }}
        >
          <Typography id={titleId} variant="subtitle1" component="h2">
            {trackedTimeTexts.manuallyAddTime}
          </Typography>
          <Stack direction="row" spacing={1.5}>
            <TextField
              label={trackedTimeTexts.hours}
              value={hours}
              onChange={(event) => setHours(digits(event.target.value))}
              size="small"
              disabled={saving}
              error={Number(hours) * 3600 + Number(minutes) * 60 > maxTrackedSeconds}
              autoFocus
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 2 } }}
            />
            <TextField
              label={trackedTimeTexts.minutes}
              value={minutes}
              onChange={(event) => setMinutes(digits(event.target.value))}
              size="small"
              disabled={saving}
              error={!parsed.success && Boolean(minutes) && Number(minutes) > 59}
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 2 } }}
            />
          </Stack>
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            <CancelButton onClick={handleClose} disabled={saving} />
            <Button type="submit" variant="contained" disabled={!parsed.success} loading={saving}>
              {trackedTimeTexts.addTime}
            </Button>
          </Stack>
        </Stack>
      </Popover>
    </SectionCard>
  );
}
