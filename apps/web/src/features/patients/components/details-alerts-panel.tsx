import Add from '@mui/icons-material/Add';
import Alarm from '@mui/icons-material/Alarm';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  type AlertView,
  alertDescription,
  detailLabels,
  isAlertType,
  messages,
  type PatientDetailsView,
  resolveThresholds,
  type Thresholds,
} from '@vigil/core';
import { useMemo, useState } from 'react';
import { useAddStaffNote } from '../api/add-staff-note';
import { useCreateAlert } from '../api/create-alert';
import { useDismissAlert } from '../api/dismiss-alert';
import { useSnoozeAlert } from '../api/snooze-alert';
import { DetailsCreateAlertDialog, DetailsSnoozeAlertDialog } from './details-alert-dialogs';
import { formatDateTime, formatSnoozedUntil } from './details-format';
import { DetailsPanel } from './details-panel';
import { DetailsStaffNoteDialog } from './details-staff-note-dialog';

/** Active while `snoozedUntil` is empty or past; snoozed while it is in the future (spec patients 4). */
const isSnoozed = (alert: AlertView, now: number) =>
  alert.snoozedUntil !== null && new Date(alert.snoozedUntil).getTime() > now;

/** The spec's wording of an alert; an unknown type reads as the spec's support message. */
const describe = (alert: AlertView, thresholds: Thresholds) =>
  isAlertType(alert.type) ? alertDescription(alert, thresholds) : messages.unknownAlert;

interface AlertRowProps {
  alert: AlertView;
  thresholds: Thresholds;
  snoozed: boolean;
  onSnooze: () => void;
  onClear: () => void;
}

function AlertRow({ alert, thresholds, snoozed, onSnooze, onClear }: AlertRowProps) {
  const known = isAlertType(alert.type);
  const description = describe(alert, thresholds);
  const pending = alert._id.startsWith('pending-');
  return (
    <ListItem
      disableGutters
      sx={{
        display: 'block',
        py: 1,
        borderBottom: 1,
        borderColor: 'divider',
        '&:last-of-type': { borderBottom: 0 },
      }}
    >
      <Typography
        variant="body2"
        sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}
        color={known ? 'text.primary' : 'error'}
      >
        {description}
      </Typography>
      {alert.readingDate && (
        <Typography variant="caption" color="text.secondary" component="div">
          {detailLabels.readingDate(formatDateTime(alert.readingDate))}
        </Typography>
      )}
      {snoozed && alert.snoozedUntil && (
        <Typography variant="caption" color="text.secondary" component="div">
          {detailLabels.snoozedUntil(formatSnoozedUntil(alert.snoozedUntil))}
        </Typography>
      )}
      {known && (
        <Stack direction="row" sx={{ gap: 1, mt: 0.75 }}>
          <Button
            size="small"
            variant="outlined"
            startIcon={<Alarm />}
            onClick={onSnooze}
            disabled={pending}
            aria-label={`${snoozed ? detailLabels.editAlert : detailLabels.snooze}: ${description}`}
          >
            {snoozed ? detailLabels.editAlert : detailLabels.snooze}
          </Button>
          <Button
            size="small"
            variant="outlined"
            color="success"
            onClick={onClear}
            disabled={pending}
            aria-label={`${detailLabels.clear}: ${description}`}
          >
            {detailLabels.clear}
          </Button>
        </Stack>
      )}
    </ListItem>
  );
}

function AlertList({
  title,
  empty,
  children,
}: {
  title: string;
  empty: string;
  children: React.ReactNode[];
}) {
  return (
    <Box component="section" aria-label={title}>
      <Typography variant="overline" color="text.secondary" component="h3" sx={{ lineHeight: 2 }}>
        {title}
      </Typography>
      {children.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ pb: 1 }}>
          {empty}
        </Typography>
      ) : (
        <List dense disablePadding>
          {children}
        </List>
      )}
    </Box>
  );
}

interface DetailsAlertsPanelProps {
  details: PatientDetailsView;
  open: boolean;
  onToggle: () => void;
}

/**
 * The alerts panel (spec patients 2.6, 4): Active and Snoozed, each alert in the spec's words with the
 * thresholds in force for the patient; Create Alert, Snooze/Edit and Clear, each shown at once.
 */
export function DetailsAlertsPanel({ details, open, onToggle }: DetailsAlertsPanelProps) {
  const thresholds = useMemo(() => resolveThresholds(details.customAlerts), [details.customAlerts]);
  const [creating, setCreating] = useState(false);
  const [snoozing, setSnoozing] = useState<{ alert: AlertView; editing: boolean } | null>(null);
  const [clearing, setClearing] = useState<AlertView | null>(null);
  const createAlert = useCreateAlert();
  const snoozeAlert = useSnoozeAlert();
  const dismissAlert = useDismissAlert();
  const addNote = useAddStaffNote();

  const now = Date.now();
  const active = details.alerts.filter((a) => !isSnoozed(a, now));
  const snoozed = details.alerts.filter((a) => isSnoozed(a, now));
  const patientId = details._id;
  const row = (alert: AlertView, isSnoozedRow: boolean) => (
    <AlertRow
      key={alert._id}
      alert={alert}
      thresholds={thresholds}
      snoozed={isSnoozedRow}
      onSnooze={() => setSnoozing({ alert, editing: isSnoozedRow })}
      onClear={() => setClearing(alert)}
    />
  );

  return (
    <DetailsPanel
      title={detailLabels.alerts}
      count={active.length}
      countLabel={detailLabels.alertCount}
      collapse={{
        open,
        onToggle,
        showLabel: detailLabels.expandPanels,
        hideLabel: detailLabels.collapsePanels,
      }}
      action={
        <Button size="small" startIcon={<Add />} onClick={() => setCreating(true)}>
          {detailLabels.createAlert}
        </Button>
      }
    >
      <AlertList title={detailLabels.activeAlerts} empty={detailLabels.noActiveAlerts}>
        {active.map((a) => row(a, false))}
      </AlertList>
      <Divider sx={{ my: 1 }} />
      <AlertList title={detailLabels.snoozedAlerts} empty={detailLabels.noSnoozedAlerts}>
        {snoozed.map((a) => row(a, true))}
      </AlertList>

      <DetailsCreateAlertDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreate={(alertData) => createAlert.mutateAsync({ patientId, alertData })}
      />
      <DetailsSnoozeAlertDialog
        open={snoozing !== null}
        editing={snoozing?.editing ?? false}
        description={snoozing ? describe(snoozing.alert, thresholds) : null}
        onClose={() => setSnoozing(null)}
        onSnooze={(snoozeUntil) =>
          snoozing
            ? snoozeAlert.mutateAsync({ patientId, alertId: snoozing.alert._id, snoozeUntil })
            : Promise.resolve()
        }
      />
      <DetailsStaffNoteDialog
        open={clearing !== null}
        title={detailLabels.clearAlert}
        initialText={clearing ? describe(clearing, thresholds) : ''}
        onClose={() => setClearing(null)}
        onSave={(text) => addNote.mutateAsync({ patientId, text })}
        onSaveAndClear={(text) =>
          clearing
            ? dismissAlert.mutateAsync({ patientId, alertId: clearing._id, note: text })
            : Promise.resolve()
        }
      />
    </DetailsPanel>
  );
}
