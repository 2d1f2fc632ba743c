import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  type ConnectedDevice,
  type DeviceBrand,
  deletableBrands,
  labels,
  pairingLabels,
  toasts,
} from '@vigil/core';
import { useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { SectionCard } from '../../../components/section-card';
import { showToast } from '../../../lib/toast';
import { useFocusAfter } from '../../../lib/use-focus-after';
import { useSingleFlight } from '../../../lib/use-single-flight';
import { useDisconnectDevice } from '../api/disconnect-device';
import { activePairings, currentPairings, usePatientDevices } from '../api/get-patient-devices';
import { useReconnectDevice } from '../api/reconnect-device';
import { useRemoveDevice } from '../api/remove-device';
import { ActiveDevicesDialog } from './active-devices-dialog';
import {
  brandText,
  DeviceIdCell,
  DeviceNameCell,
  isDeactivated,
  lastSeenText,
  PairingStatusChip,
} from './patient-devices-cells';

const isDeletable = (brand: DeviceBrand) => (deletableBrands as readonly DeviceBrand[]).includes(brand);

interface ConnectedDevicesSectionProps {
  patientId: string;
}

/**
 * Connected Devices (spec patients 2.1, 4): the patient's pairings in use. Disconnect makes one disabled and
 * Reconnect active again; BodyTrace, eDevice, Withings and Tenovi devices may also be deleted, after the
 * question. Smart Meter and Pylo devices belong to the clinic's stock and are only disconnected.
 */
export function ConnectedDevicesSection({ patientId }: ConnectedDevicesSectionProps) {
  const devices = usePatientDevices(patientId);
  const disconnect = useDisconnectDevice();
  const reconnect = useReconnectDevice();
  const remove = useRemoveDevice();
  const [toDelete, setToDelete] = useState<ConnectedDevice | null>(null);
  const table = useRef<HTMLTableElement>(null);
  const [dialogOpen, setDialogOpen] = useState(false);

  const rows = currentPairings(devices.data ?? []);
  const activeCount = activePairings(devices.data ?? []).length;
  // One change at a time per row: the row whose call is under way shows it.
  const busyId =
    (disconnect.isPending && disconnect.variables?.device._id) ||
    (reconnect.isPending && reconnect.variables?.device._id) ||
    null;

  // The pressed toggle has the focus again once its call is over (it shows the other action then).
  const focusAfter = useFocusAfter(busyId !== null);

  // One change per press: a double-click lands before the button waits.
  const once = useSingleFlight();
  function handleToggle(device: ConnectedDevice, button: HTMLElement) {
    const change = device.status === 'active' ? disconnect : reconnect;
    focusAfter.current = button;
    once(() =>
      change.mutateAsync({ patientId, device }).then(() => showToast(toasts.deviceUpdated, 'success')),
    );
  }

  function handleDelete() {
    if (!toDelete) return;
    return remove
      .mutateAsync({ patientId, device: toDelete })
      .then(() => showToast(toasts.deviceDeleted, 'success'))
      .catch(() => undefined)
      .finally(() => setToDelete(null));
  }

  return (
    <SectionCard
      title={pairingLabels.connectedDevices}
      action={
        <Button variant="outlined" size="small" onClick={() => setDialogOpen(true)}>
          {pairingLabels.activeDevicesButton(activeCount)}
        </Button>
      }
    >
      <TableContainer>
        <Table size="small" aria-label={pairingLabels.connectedDevices} ref={table} tabIndex={-1}>
          <TableHead>
            <TableRow>
              <TableCell>{pairingLabels.device}</TableCell>
              <TableCell>{pairingLabels.brand}</TableCell>
              <TableCell>{pairingLabels.deviceId}</TableCell>
              <TableCell>{pairingLabels.status}</TableCell>
              <TableCell align="right">{pairingLabels.battery}</TableCell>
              <TableCell>{pairingLabels.lastSeen}</TableCell>
              <TableCell>{pairingLabels.actions}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((device) => (
              <TableRow key={device._id}>
                <TableCell>
                  <DeviceNameCell device={device} detail={device.type} />
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{brandText(device)}</TableCell>
                <TableCell>
                  <DeviceIdCell device={device} />
                </TableCell>
                <TableCell>
                  <PairingStatusChip device={device} />
                </TableCell>
                <TableCell align="right">{device.battery === null ? '—' : `${device.battery}%`}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{lastSeenText(device)}</TableCell>
                <TableCell>
                  {/*
                   * The same place for the same action on every row: the toggle first, Delete after it,
                   * under it below 1280 px, where side by side they ran out of the card.
                   */}
                  <Stack
                    direction={{ xs: 'column', lg: 'row' }}
                    spacing={1}
                    sx={{ alignItems: 'flex-start' }}
                  >
                    {/* A deactivated device takes no readings: nothing to disconnect or reconnect. */}
                    {!isDeactivated(device) && (
                      <Button
                        size="small"
                        variant="outlined"
                        sx={{ minWidth: 104 }}
                        onClick={(event) => handleToggle(device, event.currentTarget)}
                        loading={busyId === device._id}
                        disabled={busyId !== null && busyId !== device._id}
                      >
                        {device.status === 'active' ? pairingLabels.disconnect : pairingLabels.reconnect}
                      </Button>
                    )}
                    {isDeletable(device.brand) && (
                      <Button size="small" color="error" onClick={() => setToDelete(device)}>
                        {pairingLabels.delete}
                      </Button>
                    )}
                  </Stack>
                </TableCell>
              </TableRow>
            ))}
            {devices.isSuccess && rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={7}>
                  <Typography color="text.secondary">{pairingLabels.noConnectedDevices}</Typography>
                </TableCell>
              </TableRow>
            )}
            {devices.isPending && (
              <TableRow>
                <TableCell colSpan={7}>
                  <Typography color="text.secondary">{labels.loading}</Typography>
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <ConfirmDialog
        open={toDelete !== null}
        title={pairingLabels.deleteDevice}
        text={pairingLabels.confirmDelete}
        confirmLabel={labels.yesContinue}
        destructive
        pending={remove.isPending}
        onConfirm={handleDelete}
        onCancel={() => setToDelete(null)}
        focusAfter={table}
      />
      <ActiveDevicesDialog patientId={patientId} open={dialogOpen} onClose={() => setDialogOpen(false)} />
    </SectionCard>
  );
}
