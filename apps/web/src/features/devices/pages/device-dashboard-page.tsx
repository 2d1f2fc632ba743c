import Add from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  type DeviceSortField,
  deviceLabels,
  devicePageSize,
  deviceSortFields,
  devicesDefaultSort,
  labels,
  messages,
} from '@vigil/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { SearchField } from '../../../components/search-field';
import { links, paths } from '../../../lib/paths';
import { useSignedInUser } from '../../../lib/session/session-context';
import type { UnrecognisedListQuery } from '../api/get-unrecognised-devices';
import { type DeviceSearch, useDeviceSearch } from '../api/search-devices';
import { type ConfirmedAction, DeviceActionDialog } from '../components/device-action-dialog';
import { DevicePager } from '../components/device-pager';
import { type DeviceAction, DeviceTable } from '../components/device-table';
import { UnrecognisedDevicesSection } from '../components/unrecognised-devices-section';

/**
 * The list's search, sort and page, read from the address: coming back from the edit form (which goes
 * back in history) finds the list as it was left. Anything unreadable falls back to the defaults.
 */
function readSearch(params: URLSearchParams): DeviceSearch {
  const sort = params.get('sort');
  const order = params.get('order');
  const page = Number(params.get('page'));
  return {
    inputValue: params.get('q') ?? '',
    sort: (deviceSortFields as readonly (string | null)[]).includes(sort)
      ? (sort as DeviceSortField)
      : devicesDefaultSort.field,
    order: order === 'asc' || order === 'desc' ? order : devicesDefaultSort.order,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** The unrecognised list's search and page, kept in the address as the inventory's are ('uq', 'upage'). */
function readUnrecognised(params: URLSearchParams): UnrecognisedListQuery {
  const page = Number(params.get('upage'));
  return { inputValue: params.get('uq') ?? '', page: Number.isInteger(page) && page >= 1 ? page : 1 };
}

/** The address of both lists: each list's change keeps the other's place. */
function writeSearch(search: DeviceSearch, unrecognised: UnrecognisedListQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (search.inputValue) params.set('q', search.inputValue);
  if (search.sort !== devicesDefaultSort.field || search.order !== devicesDefaultSort.order) {
    params.set('sort', search.sort);
    params.set('order', search.order);
  }
  if (search.page > 1) params.set('page', String(search.page));
  if (unrecognised.inputValue) params.set('uq', unrecognised.inputValue);
  if (unrecognised.page > 1) params.set('upage', String(unrecognised.page));
  return params;
}

/**
 * /device/dashboard (spec administration 2: Device Management). The operator portal manages the inventory
 * (Add Device, the row menu) and sees the unrecognised deliveries; a clinic user sees their clinic's devices.
 */
export function DeviceDashboardPage() {
  const user = useSignedInUser();
  const isOperator = user.role.portal === 'CIRCLE';
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const search = readSearch(params);
  const list = useDeviceSearch(search);
  const [confirming, setConfirming] = useState<ConfirmedAction | null>(null);
  const table = useRef<HTMLTableElement>(null);

  const update = useCallback(
    (change: (current: DeviceSearch) => DeviceSearch) =>
      setParams((current) => writeSearch(change(readSearch(current)), readUnrecognised(current)), {
        replace: true,
      }),
    [setParams],
  );
  const updateUnrecognised = useCallback(
    (change: (current: UnrecognisedListQuery) => UnrecognisedListQuery) =>
      setParams((current) => writeSearch(readSearch(current), change(readUnrecognised(current))), {
        replace: true,
      }),
    [setParams],
  );

  // Changing the search or the sort starts again from page 1 (spec administration 4: Device list).
  const handleSearch = useCallback(
    (inputValue: string) => update((s) => ({ ...s, inputValue, page: 1 })),
    [update],
  );

  function handleSort(field: DeviceSortField) {
    update((s) => ({
      ...s,
      sort: field,
      order: s.sort === field ? (s.order === 'asc' ? 'desc' : 'asc') : 'asc',
      page: 1,
    }));
  }

  function handleAction(action: DeviceAction) {
    if (action.kind === 'edit') navigate(links.deviceEdit(action.device._id));
    else setConfirming(action as ConfirmedAction);
  }

  // A list that shrank (a delete, someone else's change) must not stay on a page past its end.
  const count = list.isPlaceholderData ? undefined : list.data?.count;
  useEffect(() => {
    if (count === undefined) return;
    const last = Math.max(1, Math.ceil(count / devicePageSize));
    if (search.page > last) update((s) => ({ ...s, page: last }));
  }, [count, search.page, update]);

  return (
    <Stack spacing={3}>
      <Stack spacing={2}>
        <Stack
          direction="row"
          sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1.5, flexWrap: 'wrap' }}
        >
          <Typography variant="h1">{deviceLabels.deviceManagement}</Typography>
          {isOperator && (
            <Button component={RouterLink} to={paths.deviceAdd} variant="contained" startIcon={<Add />}>
              {deviceLabels.addDevice}
            </Button>
          )}
        </Stack>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          <SearchField
            value={search.inputValue}
            onChange={handleSearch}
            label={deviceLabels.searchDevices}
            maxLength={100}
          />
          <Typography color="text.secondary" aria-live="polite" sx={{ fontWeight: 500, minWidth: 90 }}>
            {list.data ? deviceLabels.deviceCount(list.data.count) : ''}
          </Typography>
        </Stack>
        {!isOperator && (
          <Typography variant="body2" color="text.secondary">
            {deviceLabels.readOnly}
          </Typography>
        )}
      </Stack>
      <Card>
        {list.isFetching && <LinearProgress aria-label={labels.loading} sx={{ height: 2, mb: '-2px' }} />}
        {list.isError ? (
          <Alert severity="error" sx={{ m: 2 }}>
            {list.error.message || messages.serverError}
          </Alert>
        ) : list.data ? (
          <>
            <DeviceTable
              devices={list.data.devices}
              sort={{ field: search.sort, order: search.order }}
              onSort={handleSort}
              showActions={isOperator}
              onAction={handleAction}
              tableRef={table}
            />
            {list.data.count === 0 ? (
              <Typography color="text.secondary" sx={{ p: 3 }}>
                {deviceLabels.noDevices}
              </Typography>
            ) : (
              <DevicePager
                page={search.page}
                total={list.data.count}
                onPage={(page) => update((s) => ({ ...s, page }))}
                ariaLabel={deviceLabels.deviceManagement}
              />
            )}
          </>
        ) : null}
      </Card>
      {isOperator && (
        <UnrecognisedDevicesSection
          search={readUnrecognised(params)}
          onSearch={(inputValue) => updateUnrecognised(() => ({ inputValue, page: 1 }))}
          onPage={(page) => updateUnrecognised((u) => ({ ...u, page }))}
          onFind={(identifier) => {
            handleSearch(identifier);
            window.scrollTo({ top: 0, behavior: 'smooth' });
          }}
        />
      )}
      <DeviceActionDialog action={confirming} onClose={() => setConfirming(null)} focusAfter={table} />
    </Stack>
  );
}
