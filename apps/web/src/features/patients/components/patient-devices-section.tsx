import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { usePatientDevices } from '../api/get-patient-devices';
import { DeviceHistorySection } from './patient-devices-history';
import { PairDeviceSection } from './patient-devices-pair-section';
import { ConnectedDevicesSection } from './patient-devices-table';

/** The anchor of /patient/edit/{id}#deviceInfo (spec patients 2). */
export const deviceInfoAnchor = 'deviceInfo';

interface PatientDevicesSectionsProps {
  patientId: string;
}

/**
 * Device Info, Connected Devices and Device History (spec patients 2.1), on the edit page only. They act at
 * once through their own calls; none of them is part of the patient form's values or its save.
 */
export function PatientDevicesSections({ patientId }: PatientDevicesSectionsProps) {
  const { hash } = useLocation();
  const anchor = useRef<HTMLDivElement>(null);
  const devices = usePatientDevices(patientId);

  // The browser looks for the anchor before the page has drawn it: scroll once it is there, and again once
  // the devices table has its rows, since what is above may have grown by then.
  useEffect(() => {
    if (hash === `#${deviceInfoAnchor}` && devices.isFetched)
      anchor.current?.scrollIntoView({ block: 'start' });
  }, [hash, devices.isFetched]);

  return (
    <Stack spacing={3}>
      {/* The top bar is sticky: keep the section's title clear of it. */}
      <Box id={deviceInfoAnchor} ref={anchor} sx={{ scrollMarginTop: 88 }}>
        <PairDeviceSection patientId={patientId} />
      </Box>
      <ConnectedDevicesSection patientId={patientId} />
      <DeviceHistorySection patientId={patientId} />
    </Stack>
  );
}
