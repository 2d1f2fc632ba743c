import MoreVert from '@mui/icons-material/MoreVert';
import Chip, { type ChipProps } from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import { type DeviceSortField, deviceLabels, type InventoryDevice } from '@vigil/core';
import { type RefObject, useState } from 'react';
import {
  canDeactivate,
  type DeviceRemoval,
  deviceIdText,
  lastSeenText,
  macAddressText,
  patientName,
  removalOf,
} from '../device-view';

export interface DeviceSort {
  field: DeviceSortField;
  order: 'asc' | 'desc';
}

/** What a row's menu asks the page to do. */
export type DeviceAction = { kind: 'edit' | DeviceRemoval | 'deactivate'; device: InventoryDevice };

const columns: { field: DeviceSortField; label: string }[] = [
  { field: 'serialNumber', label: deviceLabels.deviceId },
  { field: 'macAddress', label: deviceLabels.macAddress },
  { field: 'type', label: deviceLabels.type },
  { field: 'clinic', label: deviceLabels.assignedClinic },
  { field: 'patient', label: deviceLabels.assignedPatient },
  { field: 'lastSeen', label: deviceLabels.lastSeen },
  { field: 'status', label: deviceLabels.status },
];

const statusColours: Record<string, ChipProps['color']> = {
  active: 'success',
  unlinked: 'warning',
  deactivated: 'default',
};

/** The name a row's menu button is read out with: the identifier shown in the row. */
const rowName = (device: InventoryDevice) => deviceIdText(device) || macAddressText(device);

interface DeviceTableProps {
  devices: readonly InventoryDevice[];
  sort: DeviceSort;
  onSort: (field: DeviceSortField) => void;
  /** The operator portal's row menu (spec administration 6); clinic users see the list only. */
  showActions: boolean;
  onAction: (action: DeviceAction) => void;
  /** The table itself, where focus goes after a row's action took the row away. */
  tableRef?: RefObject<HTMLTableElement | null>;
}

/** The inventory's sortable table (spec administration 2: Device Management); the server sorts. */
export function DeviceTable({ devices, sort, onSort, showActions, onAction, tableRef }: DeviceTableProps) {
  // The last row's menu stays in state while it closes, so its entries do not change as it fades out.
  const [menu, setMenu] = useState<{ anchor: HTMLElement; device: InventoryDevice } | null>(null);
  const [menuOpen, setMenuOpen] = useState(false);

  function handleAction(kind: DeviceAction['kind']) {
    if (menu) onAction({ kind, device: menu.device });
    setMenuOpen(false);
  }

  return (
    <TableContainer>
      {/* Narrower cells below 1280 px, so that Status and the row menu fit a 1024 px window. */}
      <Table
        aria-label={deviceLabels.deviceManagement}
        sx={{ minWidth: 900, '& .MuiTableCell-root': { px: { xs: 1.5, lg: 2 } } }}
        ref={tableRef}
        tabIndex={-1}
      >
        <TableHead>
          <TableRow>
            {columns.map((column) => {
              const active = sort.field === column.field;
              return (
                <TableCell
                  key={column.field}
                  sortDirection={active ? sort.order : false}
                  sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}
                >
                  <TableSortLabel
                    active={active}
                    direction={active ? sort.order : 'asc'}
                    onClick={() => onSort(column.field)}
                  >
                    {column.label}
                  </TableSortLabel>
                </TableCell>
              );
            })}
            {showActions && <TableCell sx={{ width: 56 }} aria-label={deviceLabels.deviceActions} />}
          </TableRow>
        </TableHead>
        <TableBody>
          {devices.map((device) => (
            <TableRow key={device._id} hover>
              <TableCell component="th" scope="row" sx={{ fontWeight: 500, fontFamily: 'monospace' }}>
                {deviceIdText(device)}
                {device.hubSerialNumber && (
                  <Typography variant="body2" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
                    {deviceLabels.hub(device.hubSerialNumber)}
                  </Typography>
                )}
              </TableCell>
              <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
                {macAddressText(device)}
              </TableCell>
              <TableCell>{device.type ?? ''}</TableCell>
              <TableCell>{device.clinicId?.name ?? ''}</TableCell>
              <TableCell>{patientName(device)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{lastSeenText(device)}</TableCell>
              <TableCell>
                <Chip
                  label={device.statusShown}
                  size="small"
                  color={statusColours[device.statusShown] ?? 'default'}
                  variant={device.statusShown === 'active' ? 'filled' : 'outlined'}
                />
              </TableCell>
              {showActions && (
                <TableCell padding="checkbox" align="right">
                  <IconButton
                    aria-label={`${deviceLabels.deviceActions}: ${rowName(device)}`}
                    aria-haspopup="menu"
                    onClick={(event) => {
                      setMenu({ anchor: event.currentTarget, device });
                      setMenuOpen(true);
                    }}
                  >
                    <MoreVert />
                  </IconButton>
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Menu anchorEl={menu?.anchor} open={menuOpen && menu !== null} onClose={() => setMenuOpen(false)}>
        <MenuItem onClick={() => handleAction('edit')}>{deviceLabels.edit}</MenuItem>
        {menu && removalOf(menu.device) === 'unlink' ? (
          <MenuItem onClick={() => handleAction('unlink')}>{deviceLabels.unlink}</MenuItem>
        ) : (
          <MenuItem onClick={() => handleAction('delete')}>{deviceLabels.delete}</MenuItem>
        )}
        {menu && canDeactivate(menu.device) && (
          <MenuItem onClick={() => handleAction('deactivate')}>{deviceLabels.deactivate}</MenuItem>
        )}
      </Menu>
    </TableContainer>
  );
}
