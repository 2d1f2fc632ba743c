import Add from '@mui/icons-material/Add';
import Search from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { deviceLabels, devicePageSize, formatDate, messages } from '@vigil/core';
import { useEffect } from 'react';
import { Link as RouterLink } from 'react-router';
import { SearchField } from '../../../components/search-field';
import { SectionCard } from '../../../components/section-card';
import { links } from '../../../lib/paths';
import { type UnrecognisedListQuery, useUnrecognisedDevices } from '../api/get-unrecognised-devices';
import { brandLabel, reasonText, unrecognisedAction } from '../device-view';
import { DevicePager } from './device-pager';

interface UnrecognisedDevicesSectionProps {
  /** The list's search and page, kept by the page in the address. */
  search: UnrecognisedListQuery;
  onSearch: (inputValue: string) => void;
  onPage: (page: number) => void;
  /** Puts an identifier in the inventory's search box, for a device the inventory already holds. */
  onFind: (identifier: string) => void;
}

/**
 * Deliveries the server could not put on a patient (decision 0009), for the operator portal: an unknown
 * device can be added to the inventory from here, prefilled; a known one is found in the inventory above.
 */
export function UnrecognisedDevicesSection({
  search,
  onSearch,
  onPage,
  onFind,
}: UnrecognisedDevicesSectionProps) {
  const list = useUnrecognisedDevices(search, true);
  const count = list.isPlaceholderData ? undefined : list.data?.count;

  // A list that shrank (an entry acted on, a search) must not stay on a page past its end.
  useEffect(() => {
    if (count === undefined) return;
    const last = Math.max(1, Math.ceil(count / devicePageSize));
    if (search.page > last) onPage(last);
  }, [count, search.page, onPage]);

  return (
    <SectionCard title={deviceLabels.unrecognisedDevices}>
      <Typography variant="body2" color="text.secondary" sx={{ mt: -1.5, mb: 2 }}>
        {deviceLabels.unrecognisedIntro}
      </Typography>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <SearchField
          value={search.inputValue}
          onChange={onSearch}
          label={deviceLabels.searchUnrecognised}
          maxLength={100}
        />
        <Typography color="text.secondary" aria-live="polite" sx={{ fontWeight: 500 }}>
          {list.data ? deviceLabels.unrecognisedCount(list.data.count) : ''}
        </Typography>
      </Stack>
      {list.isFetching && <LinearProgress aria-label={deviceLabels.unrecognisedDevices} sx={{ height: 2 }} />}
      {list.isError ? (
        <Alert severity="error">{list.error.message || messages.serverError}</Alert>
      ) : list.data && list.data.count === 0 ? (
        <Typography color="text.secondary">
          {search.inputValue ? deviceLabels.noUnrecognisedFound : deviceLabels.noUnrecognised}
        </Typography>
      ) : list.data ? (
        <>
          <TableContainer>
            <Table size="small" aria-label={deviceLabels.unrecognisedDevices} sx={{ minWidth: 820 }}>
              <TableHead>
                <TableRow>
                  {[
                    deviceLabels.identifier,
                    deviceLabels.brand,
                    deviceLabels.firstSeen,
                    deviceLabels.lastSeen,
                    deviceLabels.count,
                    deviceLabels.reason,
                  ].map((title) => (
                    <TableCell
                      key={title}
                      align={title === deviceLabels.count ? 'right' : 'left'}
                      sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}
                    >
                      {title}
                    </TableCell>
                  ))}
                  <TableCell aria-label={deviceLabels.deviceActions} />
                </TableRow>
              </TableHead>
              <TableBody>
                {list.data.devices.map((device) => (
                  <TableRow key={device._id}>
                    <TableCell component="th" scope="row" sx={{ fontFamily: 'monospace' }}>
                      {device.identifier}
                      {device.hubSerialNumber && (
                        <Typography variant="body2" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
                          {deviceLabels.hub(device.hubSerialNumber)}
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell>{brandLabel(device.brand)}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(device.firstSeenAt)}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(device.lastSeenAt)}</TableCell>
                    <TableCell align="right">{device.count}</TableCell>
                    <TableCell>{reasonText(device.reason)}</TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {unrecognisedAction(device) === 'add' ? (
                        <Button
                          size="small"
                          startIcon={<Add />}
                          component={RouterLink}
                          to={links.deviceAddPrefilled(device)}
                          aria-label={`${deviceLabels.addDevice}: ${device.identifier}`}
                        >
                          {deviceLabels.addDevice}
                        </Button>
                      ) : unrecognisedAction(device) === 'find' ? (
                        <Button
                          size="small"
                          startIcon={<Search />}
                          onClick={() => onFind(device.identifier)}
                          aria-label={`${deviceLabels.findDevice}: ${device.identifier}`}
                        >
                          {deviceLabels.findDevice}
                        </Button>
                      ) : null}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          {list.data.count > devicePageSize && (
            <DevicePager
              page={search.page}
              total={list.data.count}
              onPage={onPage}
              rangeText={deviceLabels.unrecognisedRange}
              ariaLabel={deviceLabels.unrecognisedDevices}
            />
          )}
        </>
      ) : null}
    </SectionCard>
  );
}
