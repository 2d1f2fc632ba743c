import { TZDate } from '@date-fns/tz';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { defaultTimeZone, monthlyNoteTexts, monthlyReports, type PatientDetailsView } from '@vigil/core';
import { useMemo, useState } from 'react';
import { useMonthlyNotes } from '../api/get-monthly-notes';
import { DetailsPanel } from './details-panel';
import { type MonthlyNoteEntry, MonthlyNotesItem, monthlyNotesLabels } from './monthly-notes-item';

/** Spec patients 9: monthly reports show 2 notes at first and 4 more each time. */

interface MonthlyNotesPanelProps {
  patient: PatientDetailsView;
}

/**
 * The monthly reports panel (spec patients 2.6): the patient's monthly notes, newest month first, with the
 * current month (on the clinic's calendar) always first so its note can be written.
 */
export function MonthlyNotesPanel({ patient }: MonthlyNotesPanelProps) {
  const notes = useMonthlyNotes(patient._id);
  const [shown, setShown] = useState<number>(monthlyReports.initial);
  const now = new TZDate(Date.now(), defaultTimeZone);
  const month = now.getMonth() + 1;
  const year = now.getFullYear();

  const entries = useMemo<MonthlyNoteEntry[]>(() => {
    const list = notes.data ?? [];
    const current = list.find((n) => n.month === month && n.year === year);
    const others = list.filter((n) => n !== current);
    return [current ?? { month, year, noteContent: '', approved: false }, ...others];
  }, [notes.data, month, year]);

  return (
    <DetailsPanel title={monthlyNotesLabels.title}>
      {notes.isPending ? null : notes.isError ? (
        <Typography color="text.secondary">{notes.error.message}</Typography>
      ) : (
        <Stack spacing={1.5}>
          {entries.slice(0, shown).map((note) => (
            <MonthlyNotesItem key={`${note.year}-${note.month}`} patientId={patient._id} note={note} />
          ))}
          {entries.length > shown && (
            <Button sx={{ alignSelf: 'center' }} onClick={() => setShown((n) => n + monthlyReports.perLoad)}>
              {monthlyNoteTexts.more}
            </Button>
          )}
        </Stack>
      )}
    </DetailsPanel>
  );
}
