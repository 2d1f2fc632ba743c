import MoreVert from '@mui/icons-material/MoreVert';
import Chip from '@mui/material/Chip';
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
import { formatPhone, labels } from '@vigil/core';
import { type MouseEvent, useMemo, useState } from 'react';
import type { ClinicView } from '../clinic-view';

type SortKey = 'name' | 'phone' | 'adminEmail' | 'activePatients' | 'inactivePatients' | 'unassignedPatients';
type Order = 'asc' | 'desc';

const columns: { key: SortKey; label: string; numeric?: boolean }[] = [
  { key: 'name', label: labels.name },
  { key: 'phone', label: labels.phone },
  { key: 'adminEmail', label: labels.adminEmail },
  { key: 'activePatients', label: labels.activePatients, numeric: true },
  { key: 'inactivePatients', label: labels.inactivePatients, numeric: true },
  { key: 'unassignedPatients', label: labels.unassignedPatients, numeric: true },
];

function sortValue(clinic: ClinicView, key: SortKey): string | number {
  switch (key) {
    case 'name':
      return clinic.name;
    case 'phone':
      return clinic.admin.phone ?? '';
    case 'adminEmail':
      return clinic.admin.email ?? '';
    default:
      return clinic[key];
  }
}

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

/** Clinics in the chosen order; text case-insensitively, ties by name so the order is stable. */
export function sortClinics(clinics: readonly ClinicView[], key: SortKey, order: Order): ClinicView[] {
  const sign = order === 'asc' ? 1 : -1;
  return [...clinics].sort((a, b) => {
    const x = sortValue(a, key);
    const y = sortValue(b, key);
    const byKey =
      typeof x === 'number' && typeof y === 'number' ? x - y : collator.compare(String(x), String(y));
    return byKey !== 0 ? sign * byKey : collator.compare(a.name, b.name);
  });
}

interface ClinicsTableProps {
  clinics: readonly ClinicView[];
  /** Admins get the row menu with 'Clinic Settings'. */
  showSettings: boolean;
  onOpen: (clinic: ClinicView) => void;
  onSettings: (clinic: ClinicView) => void;
}

/** The clinics dashboard's sortable list (spec administration 2), by name to begin with. */
export function ClinicsTable({ clinics, showSettings, onOpen, onSettings }: ClinicsTableProps) {
  const [sort, setSort] = useState<{ key: SortKey; order: Order }>({ key: 'name', order: 'asc' });
  const [menu, setMenu] = useState<{ anchor: HTMLElement; clinic: ClinicView } | null>(null);
  const rows = useMemo(() => sortClinics(clinics, sort.key, sort.order), [clinics, sort]);

  function handleSort(key: SortKey) {
    setSort((current) =>
      current.key === key ? { key, order: current.order === 'asc' ? 'desc' : 'asc' } : { key, order: 'asc' },
    );
  }

  function handleMenu(event: MouseEvent<HTMLElement>, clinic: ClinicView) {
    // The row itself opens the clinic's patients; the menu button must not.
    event.stopPropagation();
    setMenu({ anchor: event.currentTarget, clinic });
  }

  return (
    <TableContainer>
      <Table aria-label={labels.clinicsDashboard} sx={{ minWidth: 720 }}>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell
                key={column.key}
                align={column.numeric ? 'right' : 'left'}
                sortDirection={sort.key === column.key ? sort.order : false}
                sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}
              >
                <TableSortLabel
                  active={sort.key === column.key}
                  direction={sort.key === column.key ? sort.order : 'asc'}
                  onClick={() => handleSort(column.key)}
                >
                  {column.label}
                </TableSortLabel>
              </TableCell>
            ))}
            {showSettings && <TableCell sx={{ width: 56 }} aria-label={labels.clinicActions} />}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((clinic) => (
            <TableRow
              key={clinic.id}
              hover
              onClick={() => onOpen(clinic)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' && event.target === event.currentTarget) onOpen(clinic);
              }}
              tabIndex={0}
              sx={{ cursor: 'pointer' }}
            >
              <TableCell component="th" scope="row" sx={{ fontWeight: 500 }}>
                {clinic.name}
                {!clinic.active && <Chip label={labels.inactive} size="small" sx={{ ml: 1 }} />}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatPhone(clinic.admin.phone)}</TableCell>
              <TableCell>{clinic.admin.email}</TableCell>
              <TableCell align="right">{clinic.activePatients}</TableCell>
              <TableCell align="right">{clinic.inactivePatients}</TableCell>
              <TableCell align="right">{clinic.unassignedPatients}</TableCell>
              {showSettings && (
                <TableCell padding="checkbox" align="right">
                  <IconButton
                    aria-label={`${labels.clinicActions}: ${clinic.name}`}
                    aria-haspopup="menu"
                    onClick={(event) => handleMenu(event, clinic)}
                    onKeyDown={(event) => event.stopPropagation()}
                  >
                    <MoreVert />
                  </IconButton>
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Menu anchorEl={menu?.anchor} open={menu !== null} onClose={() => setMenu(null)}>
        <MenuItem
          onClick={() => {
            if (menu) onSettings(menu.clinic);
            setMenu(null);
          }}
        >
          {labels.clinicSettings}
        </MenuItem>
      </Menu>
    </TableContainer>
  );
}
