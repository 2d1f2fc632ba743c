import Sync from '@mui/icons-material/Sync';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { deviceBrandLabels, labels, pairingLabels, toasts } from '@vigil/core';
import { useId, useState } from 'react';
import { showToast } from '../../../lib/toast';
import { useSingleFlight } from '../../../lib/use-single-flight';
import { activePairings, usePatientDevices } from '../api/get-patient-devices';
import { type SyncReadingsAnswer, useSyncReadings } from '../api/sync-readings';
import { brandText, DeviceIdCell, DeviceNameCell, lastSeenText } from './patient-devices-cells';

interface ActiveDevicesDialogProps {
  patientId: string;
  open: boolean;
  onClose: () => void;
}

/**
 * The Active Devices dialog (spec patients 2.6): the patient's devices that take readings now, and 'Sync
 * Readings', which pulls the vendors' last 30 days for them and says how many readings were new.
 */
export function ActiveDevicesDialog({ patientId, open, onClose }: ActiveDevicesDialogProps) {
  const titleId = useId();
  const devices = usePatientDevices(patientId, { enabled: open });
  const sync = useSyncReadings();
  const [synced, setSynced] = useState<SyncReadingsAnswer | null>(null);
  const active = activePairings(devices.data ?? []);

  // One sync per press; the last sync's counts go while a new one runs, so a failure does not show it.
  const once = useSingleFlight();
  function handleSync() {
    once(() => {
      setSynced(null);
      return sync.mutateAsync(patientId).then((answer) => {
        showToast(toasts.readingsSynced, 'success');
        setSynced(answer);
      });
    });
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      maxWidth="md"
      fullWidth
      // A new opening starts without the last sync's counts.
      slotProps={{ transition: { onExited: () => setSynced(null) } }}
    >
      <DialogTitle id={titleId}>{pairingLabels.activeDevices}</DialogTitle>
      <DialogContent>
        {devices.isPending ? (
          <Typography color="text.secondary">{labels.loading}</Typography>
        ) : active.length === 0 ? (
          <Typography color="text.secondary">{pairingLabels.noActiveDevices}</Typography>
        ) : (
          <TableContainer>
            <Table size="small" aria-label={pairingLabels.activeDevices}>
              <TableHead>
                <TableRow>
                  <TableCell>{pairingLabels.device}</TableCell>
                  <TableCell>{pairingLabels.deviceId}</TableCell>
                  <TableCell>{pairingLabels.lastSeen}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {active.map((device) => (
                  <TableRow key={device._id}>
                    <TableCell>
                      <DeviceNameCell
                        device={device}
                        detail={[brandText(device), device.type].filter(Boolean).join(' · ')}
                      />
                    </TableCell>
                    <TableCell>
                      <DeviceIdCell device={device} />
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{lastSeenText(device)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
        {synced && (
          <Alert severity="info" sx={{ mt: 2 }} role="status">
            {pairingLabels.newReadings(synced.newReadings)}
          </Alert>
        )}
        {synced && synced.refused > 0 && (
          <Alert severity="warning" sx={{ mt: 1 }}>
            {pairingLabels.refusedReadings(synced.refused)}
          </Alert>
        )}
        {synced && synced.unreachable.length > 0 && (
          <Alert severity="warning" sx={{ mt: 1 }}>
            {pairingLabels.unreachableVendors(synced.unreachable.map((b) => deviceBrandLabels[b] ?? b))}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>{pairingLabels.close}</Button>
        <Button
          variant="contained"
          startIcon={<Sync />}
          onClick={handleSync}
          loading={sync.isPending}
          disabled={active.length === 0}
        >
          {pairingLabels.syncReadings}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
