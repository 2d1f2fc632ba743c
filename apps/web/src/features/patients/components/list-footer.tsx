import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { labels, patientListPageSize } from '@vigil/core';

interface ListFooterProps {
  /** From 0. */
  page: number;
  totalPages: number;
  totalPatients: number;
  onPage: (page: number) => void;
}

/** 'Showing x-y of z patients' with the page selector and previous/next (spec patients 2.3). */
export function ListFooter({ page, totalPages, totalPatients, onPage }: ListFooterProps) {
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const from = totalPatients === 0 ? 0 : page * patientListPageSize + 1;
  const to = Math.min((page + 1) * patientListPageSize, totalPatients);
  // Always a selector, as the spec draws the footer: one page shows its number with previous/next off.
  const pageCount = Math.max(totalPages, 1);
  return (
    <Stack
      direction="row"
      sx={{
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 1.5,
        flexWrap: 'wrap',
        px: 2,
        py: 1.5,
      }}
    >
      <Typography variant="body2" color="text.secondary" aria-live="polite">
        {labels.showingPatients(from, to, totalPatients)}
      </Typography>
      <Pagination
        count={pageCount}
        page={Math.min(page + 1, pageCount)}
        onChange={(_, value) => onPage(value - 1)}
        siblingCount={phone ? 0 : 1}
        size={phone ? 'small' : 'medium'}
        color="primary"
        aria-label={labels.pages}
      />
    </Stack>
  );
}
