import { TZDate } from '@date-fns/tz';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import {
  type ConnectedDevice,
  defaultTimeZone,
  deviceBrandLabels,
  pairingLabels,
  serialNumberShown,
  shownDeviceStatus,
} from '@vigil/core';
import { format } from 'date-fns';

/**
 * MM/DD/YYYY h:mm AM, Pacific, as reading times are shown (spec patients 1): a device's times matter to the
 * hour, and beside the readings they must read in the same zone.
 */
export function dateTimeText(value: string | null): string {
  if (!value) return '—';
  const time = new Date(value).getTime();
  return Number.isNaN(time) ? '—' : format(new TZDate(time, defaultTimeZone), 'MM/dd/yyyy h:mm a');
}

/** Last Seen: the later of the last reading and the last heartbeat, or 'Never Connected'. */
export function lastSeenText(device: ConnectedDevice): string {
  const times = [device.lastConnectedAt, device.lastSeenAt, device.device.lastConnectedAt]
    .map((t) => (t ? new Date(t).getTime() : Number.NaN))
    .filter((t) => !Number.isNaN(t));
  if (times.length === 0) return pairingLabels.neverConnected;
  return dateTimeText(new Date(Math.max(...times)).toISOString());
}

export const isDeactivated = (device: ConnectedDevice) => device.device.status === 'deactivated';

export const deviceNameText = (device: ConnectedDevice) => device.name ?? device.device.name ?? '—';
export const brandText = (device: ConnectedDevice) => deviceBrandLabels[device.brand] ?? device.brand;

/** The device's name, with what else tells it apart (its type, or brand and type) in small print under it. */
export function DeviceNameCell({ device, detail }: { device: ConnectedDevice; detail?: string | null }) {
  return (
    <>
      <Typography variant="body2">{deviceNameText(device)}</Typography>
      {detail && (
        <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
          {detail}
        </Typography>
      )}
    </>
  );
}

/** The device's identifier, and an eDevice's hub under it. */
export function DeviceIdCell({ device }: { device: ConnectedDevice }) {
  return (
    <>
      <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>
        {serialNumberShown(device.brand, device.serialNumber)}
      </Typography>
      {device.hub && (
        <Typography variant="caption" color="text.secondary">
          {pairingLabels.hub(device.hub)}
        </Typography>
      )}
    </>
  );
}

/**
 * active or disabled (spec patients 3); for a past pairing, deleted; for a device the operator deactivated,
 * deactivated, since it takes no readings and cannot be reconnected.
 */
export function PairingStatusChip({ device }: { device: ConnectedDevice }) {
  if (device.deletedAt)
    return <Chip size="small" variant="outlined" label={pairingLabels.deleted.toLowerCase()} />;
  if (isDeactivated(device))
    return (
      <Chip size="small" color="warning" variant="outlined" label={shownDeviceStatus(device.device.status)} />
    );
  return (
    <Chip
      size="small"
      color={device.status === 'active' ? 'success' : 'default'}
      variant={device.status === 'active' ? 'filled' : 'outlined'}
      label={device.status}
    />
  );
}
