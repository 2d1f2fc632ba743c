import TableCell from '@mui/material/TableCell';
import TableSortLabel from '@mui/material/TableSortLabel';
import Tooltip from '@mui/material/Tooltip';
import type { ListSort } from '../list-state';

interface ListSortHeaderProps<F extends string> {
  label: string;
  field: F;
  sort: ListSort<F> | null;
  onSort: (field: F) => void;
  /** The column's explanation (spec patients 9), shown on hover and focus. */
  tooltip?: string;
  align?: 'left' | 'right' | 'center';
}

/** A sortable column title of the patient lists; the server does the sorting. */
export function ListSortHeader<F extends string>({
  label,
  field,
  sort,
  onSort,
  tooltip,
  align = 'left',
}: ListSortHeaderProps<F>) {
  const active = sort?.field === field;
  const button = (
    <TableSortLabel
      active={active}
      direction={active ? sort.direction : 'desc'}
      onClick={() => onSort(field)}
    >
      {label}
    </TableSortLabel>
  );
  return (
    <TableCell
      align={align}
      sortDirection={active ? sort.direction : false}
      // Long titles ('Last Completed Call') wrap, so that the eleven columns fit a laptop screen.
      sx={{ fontWeight: 600, lineHeight: 1.3, verticalAlign: 'bottom' }}
    >
      {tooltip ? (
        <Tooltip title={tooltip} describeChild>
          {button}
        </Tooltip>
      ) : (
        button
      )}
    </TableCell>
  );
}
