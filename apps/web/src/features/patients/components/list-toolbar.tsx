import Add from '@mui/icons-material/Add';
import FilterList from '@mui/icons-material/FilterList';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { labels } from '@vigil/core';
import type { ReactNode } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { SearchField } from '../../../components/search-field';
import { paths } from '../../../lib/paths';

interface ListToolbarProps {
  title: string;
  search: string;
  onSearch: (search: string) => void;
  /** The filtered list's size; undefined until the first answer. */
  count: number | undefined;
  /** Active selections across the filters. */
  filterCount: number;
  onFilter: () => void;
  /** Beside the count, e.g. the priority list's month. */
  besideCount?: ReactNode;
  /** Before Add New Patient, e.g. the bulk time button. */
  actions?: ReactNode;
}

/** The heading and controls above both patient lists (spec patients 2.2, 2.3). */
export function ListToolbar({
  title,
  search,
  onSearch,
  count,
  filterCount,
  onFilter,
  besideCount,
  actions,
}: ListToolbarProps) {
  const location = useLocation();
  return (
    <Stack spacing={2} sx={{ mb: 2 }}>
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1.5, flexWrap: 'wrap' }}
      >
        <Typography variant="h1">{title}</Typography>
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
          <Button
            variant="outlined"
            startIcon={<FilterList />}
            onClick={onFilter}
            aria-label={labels.filterWithCount(filterCount)}
          >
            {labels.filter}
            {filterCount > 0 && (
              <Box
                component="span"
                aria-hidden
                sx={{
                  ml: 1,
                  minWidth: 22,
                  height: 22,
                  px: 0.75,
                  borderRadius: 11,
                  bgcolor: 'primary.main',
                  color: 'primary.contrastText',
                  fontSize: '0.75rem',
                  lineHeight: '22px',
                  textAlign: 'center',
                }}
              >
                {filterCount}
              </Box>
            )}
          </Button>
          {actions}
          <Button
            component={RouterLink}
            to={paths.patientAdd}
            // The form returns to the page it was opened from (spec patients 2.1).
            state={{ from: `${location.pathname}${location.search}` }}
            variant="contained"
            startIcon={<Add />}
          >
            {labels.addNewPatient}
          </Button>
        </Stack>
      </Stack>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <SearchField value={search} onChange={onSearch} label={labels.searchPatients} maxLength={200} />
        <Typography color="text.secondary" aria-live="polite" sx={{ fontWeight: 500, minWidth: 90 }}>
          {count === undefined ? '' : labels.patientCount(count)}
        </Typography>
        {besideCount}
      </Stack>
    </Stack>
  );
}
