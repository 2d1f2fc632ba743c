import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { labels, pairingLabels } from '@vigil/core';
import { useId, useState } from 'react';
import { SectionCard } from '../../../components/section-card';
import { usePatientDevices } from '../api/get-patient-devices';
import {
  brandText,
  DeviceIdCell,
  dateTimeText,
  deviceNameText,
  PairingStatusChip,
} from './patient-devices-cells';

interface DeviceHistorySectionProps {
  patientId: string;
}

/**
 * Device History (spec patients 2.1), hidden until asked for: every pairing of the patient, the deleted ones
 * included, with when it was paired, unpaired and deleted.
 */
export function DeviceHistorySection({ patientId }: DeviceHistorySectionProps) {
  const [shown, setShown] = useState(false);
  const devices = usePatientDevices(patientId);
  const regionId = useId();
  const rows = devices.data ?? [];

  return (
    <SectionCard
      title={pairingLabels.deviceHistory}
      action={
        <Button
          size="small"
          onClick={() => setShown((s) => !s)}
          aria-expanded={shown}
          aria-controls={regionId}
          endIcon={shown ? <ExpandLess /> : <ExpandMore />}
        >
          {shown ? pairingLabels.hideHistory : pairingLabels.showHistory}
        </Button>
      }
    >
      {!shown && (
        <Typography color="text.secondary">
          {devices.isPending ? labels.loading : pairingLabels.historySummary(rows.length)}
        </Typography>
      )}
      <Collapse in={shown} id={regionId} unmountOnExit>
        <TableContainer>
          <Table size="small" aria-label={pairingLabels.deviceHistory}>
            <TableHead>
              <TableRow>
                <TableCell>{pairingLabels.name}</TableCell>
                <TableCell>{pairingLabels.brand}</TableCell>
                <TableCell>{pairingLabels.deviceId}</TableCell>
                <TableCell>{pairingLabels.status}</TableCell>
                <TableCell>{pairingLabels.paired}</TableCell>
                <TableCell>{pairingLabels.unpaired}</TableCell>
                <TableCell>{pairingLabels.deleted}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((device) => (
                <TableRow key={device._id}>
                  <TableCell>{deviceNameText(device)}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{brandText(device)}</TableCell>
                  <TableCell>
                    <DeviceIdCell device={device} />
                  </TableCell>
                  <TableCell>
                    <PairingStatusChip device={device} />
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{dateTimeText(device.pairedAt)}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{dateTimeText(device.unpairedAt)}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{dateTimeText(device.deletedAt)}</TableCell>
                </TableRow>
              ))}
              {(devices.isPending || rows.length === 0) && (
                <TableRow>
                  <TableCell colSpan={7}>
                    <Typography color="text.secondary">
                      {devices.isPending ? labels.loading : pairingLabels.noDeviceHistory}
                    </Typography>
                  </TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </TableContainer>
      </Collapse>
    </SectionCard>
  );
}
