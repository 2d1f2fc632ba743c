import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { reminderToolTexts, toasts } from '@vigil/core';
import { useState } from 'react';
import { SectionCard } from '../../../components/section-card';
import { showToast } from '../../../lib/toast';
import { useReminderTools, useSendReminders } from '../api/sms-reminders';

const defaultTime = '8:00';

/**
 * The reminder test tools of /account (spec administration 2): on test, stage and local hosts only, which
 * the server tells by having the call at all. 'Send Reminders' runs the reminder round of the chosen
 * Pacific time now.
 */
export function SendRemindersSection() {
  const tools = useReminderTools();
  const send = useSendReminders();
  const [time, setTime] = useState(defaultTime);
  if (!tools.data) return null;

  async function handleSend() {
    await send.mutateAsync({ time });
    showToast(toasts.remindersSent, 'success');
  }

  return (
    <SectionCard title={reminderToolTexts.title}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
        <TextField
          select
          label={reminderToolTexts.selectTime}
          value={time}
          onChange={(event) => setTime(event.target.value)}
          helperText={reminderToolTexts.pacificTime}
          fullWidth={false}
          sx={{ width: { sm: 200 } }}
        >
          {tools.data.times.map((t) => (
            <MenuItem key={t} value={t}>
              {t}
            </MenuItem>
          ))}
        </TextField>
        <Button
          variant="contained"
          sx={{ height: 56, whiteSpace: 'nowrap' }}
          onClick={() => void handleSend().catch(() => undefined)}
          disabled={send.isPending}
        >
          {send.isPending ? reminderToolTexts.sending : reminderToolTexts.sendReminders}
        </Button>
      </Stack>
    </SectionCard>
  );
}
