import ArrowBack from '@mui/icons-material/ArrowBack';
import Assessment from '@mui/icons-material/Assessment';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import History from '@mui/icons-material/History';
import Settings from '@mui/icons-material/Settings';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { auditTrailTexts, detailLabels, reportTexts } from '@vigil/core';
import { useId, useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { links, paths } from '../../../lib/paths';
import { readPatientListIds } from '../../../lib/session/session-storage';
import { ExportDataReportDialog, type ReportPatient } from './export-data-report-dialog';

/**
 * The list the page was opened from (stored by the list screens for the session): its ordered ids give the
 * position and the neighbours, its path is where Back returns. Without one, Back goes to the priority list.
 */
function usePatientNeighbours(patientId: string) {
  return useMemo(() => {
    const stored = readPatientListIds();
    const ids = stored?.ids ?? [];
    const index = ids.indexOf(patientId);
    return {
      origin: stored?.origin || paths.priorityList,
      position: index >= 0 ? { n: index + 1, m: ids.length } : null,
      previous: index > 0 ? ids[index - 1]! : null,
      next: index >= 0 && index < ids.length - 1 ? ids[index + 1]! : null,
    };
  }, [patientId]);
}

interface DetailsTopBarProps {
  patientId: string;
  /** The loaded patient, for the reports menu; without it (still loading, not found) the menu is off. */
  patient?: ReportPatient;
}

/**
 * Spec patients 2.6, top bar: Back, 'Patient N of M', Previous and Next, the edit-settings icon, the
 * reports menu, and the way to the patient's Audit Trail (2.7).
 */
export function DetailsTopBar({ patientId, patient }: DetailsTopBarProps) {
  const navigate = useNavigate();
  const { origin, position, previous, next } = usePatientNeighbours(patientId);
  return (
    <Stack
      component="nav"
      aria-label={detailLabels.patientNavigation}
      direction="row"
      sx={{ alignItems: 'center', gap: 1, mb: 2, flexWrap: 'wrap' }}
    >
      <Button startIcon={<ArrowBack />} onClick={() => navigate(origin)} sx={{ ml: -1 }}>
        {detailLabels.back}
      </Button>
      <Button
        component={RouterLink}
        to={links.patientAuditTrail(patientId)}
        startIcon={<History />}
        sx={{ whiteSpace: 'nowrap' }}
      >
        {auditTrailTexts.openTrail}
      </Button>
      <Stack direction="row" sx={{ alignItems: 'center', ml: 'auto', gap: 0.5 }}>
        <Tooltip title={detailLabels.previousPatient}>
          <span>
            <IconButton
              aria-label={detailLabels.previousPatient}
              disabled={!previous}
              onClick={() => previous && navigate(links.patientDetails(previous))}
            >
              <ChevronLeft />
            </IconButton>
          </span>
        </Tooltip>
        {position && (
          <Typography variant="body2" sx={{ whiteSpace: 'nowrap', fontWeight: 500 }}>
            {detailLabels.patientPosition(position.n, position.m)}
          </Typography>
        )}
        <Tooltip title={detailLabels.nextPatient}>
          <span>
            <IconButton
              aria-label={detailLabels.nextPatient}
              disabled={!next}
              onClick={() => next && navigate(links.patientDetails(next))}
            >
              <ChevronRight />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title={detailLabels.editSettings}>
          <IconButton
            component={RouterLink}
            to={links.patientEdit(patientId)}
            // The form's Back and its save return here (spec patients 2: back to where the user came from).
            state={{ from: links.patientDetails(patientId) }}
            aria-label={detailLabels.editSettings}
          >
            <Settings />
          </IconButton>
        </Tooltip>
        <ReportsMenu patient={patient} />
      </Stack>
    </Stack>
  );
}

/** The reports menu (spec patients 2.6): Export Data Report, with the months since January 2018 (2.8, 9). */
function ReportsMenu({ patient }: { patient: ReportPatient | undefined }) {
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  return (
    <>
      <Tooltip title={reportTexts.reports}>
        <span>
          <IconButton
            aria-label={reportTexts.reports}
            aria-haspopup="menu"
            aria-controls={anchor ? menuId : undefined}
            aria-expanded={anchor ? true : undefined}
            disabled={!patient}
            onClick={(event) => setAnchor(event.currentTarget)}
          >
            <Assessment />
          </IconButton>
        </span>
      </Tooltip>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        <MenuItem
          onClick={() => {
            setAnchor(null);
            setDialogOpen(true);
          }}
        >
          {reportTexts.exportDataReport}
        </MenuItem>
      </Menu>
      <ExportDataReportDialog
        open={dialogOpen}
        patient={patient ?? null}
        months="sinceFirstReportMonth"
        onClose={() => setDialogOpen(false)}
      />
    </>
  );
}
