import MoreTime from '@mui/icons-material/MoreTime';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import { labels, messages, type PatientFilters } from '@vigil/core';
import { useState } from 'react';
import { BulkTimeDialog } from './bulk-time-dialog';

interface BulkTimeButtonProps {
  filters: PatientFilters;
  search: string;
  /** The current result; undefined until it has loaded. */
  result: { totalPages: number; totalPatients: number } | undefined;
}

/** The priority list's bulk time button: disabled, with the spec's tooltip, when the result has no pages. */
export function BulkTimeButton({ filters, search, result }: BulkTimeButtonProps) {
  const [open, setOpen] = useState(false);
  const empty = result?.totalPages === 0;
  const button = (
    <Button
      variant="outlined"
      startIcon={<MoreTime />}
      disabled={!result || empty}
      onClick={() => setOpen(true)}
    >
      {labels.bulkTime}
    </Button>
  );
  return (
    <>
      {empty ? (
        <Tooltip title={messages.bulkTimeNoPatients} describeChild>
          {/* A disabled button gets no pointer events; the wrapper carries the tooltip. */}
          <Box component="span" tabIndex={0} sx={{ display: 'inline-flex' }}>
            {button}
          </Box>
        </Tooltip>
      ) : (
        button
      )}
      <BulkTimeDialog
        open={open}
        filters={filters}
        search={search}
        patients={result?.totalPatients ?? 0}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
