import Download from '@mui/icons-material/Download';
import ErrorOutline from '@mui/icons-material/ErrorOutline';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { labels, type ReportView, reportTexts } from '@vigil/core';
import { useId } from 'react';
import { useOpenBatchReport } from '../api/get-batch-report';
import { useReports } from '../api/get-reports';

/**
 * The user's generated monitoring reports (spec administration 2: file name and Download, Failed or
 * Pending), refreshed every 10 seconds while on screen (spec administration 4).
 */
export function GeneratedReportsList({ userId }: { userId: string }) {
  const titleId = useId();
  const reports = useReports(userId);
  const batch = useOpenBatchReport();

  return (
    <Box component="section" aria-labelledby={titleId}>
      <Typography id={titleId} variant="h3" sx={{ mb: 1 }}>
        {reportTexts.generatedReports}
      </Typography>
      {reports.isPending ? (
        <CircularProgress size={28} aria-label={labels.loading} />
      ) : reports.isError ? (
        <Typography color="text.secondary">{reports.error.message}</Typography>
      ) : reports.data.length === 0 ? (
        <Typography color="text.secondary">{reportTexts.noReports}</Typography>
      ) : (
        <List disablePadding aria-labelledby={titleId}>
          {reports.data.map((report, index) => (
            <ListItem
              key={report._id}
              divider={index < reports.data.length - 1}
              disableGutters
              aria-label={report.fileName}
              sx={{ py: 1.25, gap: 2, flexWrap: 'wrap', justifyContent: 'space-between' }}
            >
              <Box sx={{ minWidth: 0, flex: '1 1 240px' }}>
                <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>{report.fileName}</Typography>
                {report.status === 'failed' && report.failureReason && (
                  <Typography variant="body2" color="error" sx={{ overflowWrap: 'anywhere' }}>
                    {report.failureReason}
                  </Typography>
                )}
              </Box>
              <ReportState
                report={report}
                opening={batch.openingId === report._id}
                onOpen={() => batch.open(report)}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}

interface ReportStateProps {
  report: ReportView;
  opening: boolean;
  onOpen: () => void;
}

function ReportState({ report, opening, onOpen }: ReportStateProps) {
  if (report.status === 'done') {
    return (
      <Button
        size="small"
        variant="outlined"
        startIcon={<Download />}
        loading={opening}
        loadingPosition="start"
        onClick={onOpen}
      >
        {reportTexts.download}
      </Button>
    );
  }
  if (report.status === 'failed') {
    return (
      <Tooltip title={report.failureReason ?? ''}>
        <Chip
          icon={<ErrorOutline />}
          label={reportTexts.failed}
          color="error"
          variant="outlined"
          size="small"
          tabIndex={report.failureReason ? 0 : undefined}
        />
      </Tooltip>
    );
  }
  return (
    <Chip
      icon={<CircularProgress size={14} aria-hidden />}
      label={reportTexts.pending}
      variant="outlined"
      size="small"
    />
  );
}
