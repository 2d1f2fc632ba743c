import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  firstReportMonth,
  lastTwelveMonths,
  PatientReportForm,
  patientReportTypeLabels,
  patientReportTypes,
  reportMonths,
  reportTexts,
  reportVersionLabels,
  reportVersions,
} from '@vigil/core';
import { useEffect, useId, useMemo, useState } from 'react';
import { monthLabel } from '../../../lib/months';
import { useSingleFlight } from '../../../lib/use-single-flight';
import { useEmailPatientReport } from '../api/email-patient-report';
import type { PatientReportRequest } from '../api/get-patient-report';
import { useGeneratePatientReport } from '../api/get-patient-report';

/** The patient the report is of. */
export interface ReportPatient {
  id: string;
  name: string;
  physicianId?: string | null;
}

interface ExportDataReportDialogProps {
  open: boolean;
  /** The patient whose report it is; kept after closing, so the dialog does not go blank as it fades. */
  patient: ReportPatient | null;
  /**
   * Spec patients 9: the clinician list offers the last 12 months, the detail page January 2018 to the
   * current month; newest first either way.
   */
  months: 'lastTwelve' | 'sinceFirstReportMonth';
  onClose: () => void;
}

interface Choice {
  type: string;
  month: string;
  version: string;
}

const noChoice: Choice = { type: '', month: '', version: '' };

/** 'YYYY-MM', as core's PatientReportForm reads the month. */
const monthValue = (month: number, year: number) => `${year}-${String(month).padStart(2, '0')}`;

/**
 * The Export Data Report dialog (spec patients 2.8): report type, month and version, all required; Generate
 * opens the PDF in a new tab, Email Report sends it to the patient.
 */
export function ExportDataReportDialog({ open, patient, months, onClose }: ExportDataReportDialogProps) {
  const titleId = useId();
  const [choice, setChoice] = useState<Choice>(noChoice);
  const generate = useGeneratePatientReport();
  const email = useEmailPatientReport();
  const working = generate.isPending || email.isPending;

  // Every opening starts afresh.
  useEffect(() => {
    if (open) setChoice(noChoice);
  }, [open]);

  const monthOptions = useMemo(() => {
    const now = new Date();
    const list = months === 'lastTwelve' ? lastTwelveMonths(now) : reportMonths(now, firstReportMonth);
    return list.map(({ month, year }) => ({
      value: monthValue(month, year),
      label: monthLabel(month, year),
    }));
  }, [months]);

  const parsed = PatientReportForm.safeParse(choice);
  const request: PatientReportRequest | null =
    parsed.success && patient
      ? {
          patient: patient.id,
          physician: patient.physicianId,
          type: parsed.data.type,
          month: Number(parsed.data.month.slice(5)),
          year: Number(parsed.data.month.slice(0, 4)),
          version: parsed.data.version,
        }
      : null;

  // The tab for the PDF opens in this click, before the file is asked for (decision 0013).
  function handleGenerate() {
    if (request) generate.generate(request, onClose);
  }

  // One email per press: a double-click lands before the button waits, and would email the patient twice.
  const emailOnce = useSingleFlight();
  function handleEmail() {
    if (request) emailOnce(() => email.mutateAsync(request).then(onClose));
  }

  const select = (name: keyof Choice, label: string, options: { value: string; label: string }[]) => (
    <TextField
      select
      required
      name={name}
      label={label}
      value={choice[name]}
      onChange={(event) => setChoice((c) => ({ ...c, [name]: event.target.value }))}
      disabled={working}
    >
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{reportTexts.exportDataReport}</DialogTitle>
      <DialogContent sx={{ pt: 0 }}>
        <Stack spacing={2.5}>
          <DialogContentText sx={{ fontWeight: 500 }}>{patient?.name}</DialogContentText>
          {select(
            'type',
            reportTexts.reportType,
            patientReportTypes.map((t) => ({ value: t, label: patientReportTypeLabels[t] })),
          )}
          {select('month', reportTexts.month, monthOptions)}
          {select(
            'version',
            reportTexts.version,
            reportVersions.map((v) => ({ value: v, label: reportVersionLabels[v] })),
          )}
        </Stack>
      </DialogContent>
      <DialogActions disableSpacing sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose}>{reportTexts.cancel}</Button>
        <Button variant="contained" onClick={handleGenerate} disabled={!request || working}>
          {generate.isPending ? reportTexts.generating : reportTexts.generate}
        </Button>
        <Button variant="outlined" onClick={handleEmail} disabled={!request || working}>
          {email.isPending ? reportTexts.sending : reportTexts.emailReport}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
