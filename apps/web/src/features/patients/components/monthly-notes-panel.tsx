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
 * current month (on the clinic's calendar) and the one before always first, so that their notes can be
 * written: the month just ended is the one a physician reviews in the first days of the next.
 */
export function MonthlyNotesPanel({ patient }: MonthlyNotesPanelProps) {
  const notes = useMonthlyNotes(patient._id);
  const [shown, setShown] = useState<number>(monthlyReports.initial);
  const now = new TZDate(Date.now(), defaultTimeZone);
  const month = now.getMonth() + 1;
  const year = now.getFullYear();

  const entries = useMemo<MonthlyNoteEntry[]>(() => {
    const list = notes.data ?? [];
    const previous = month === 1 ? { month: 12, year: year - 1 } : { month: month - 1, year };
    const noteOf = (m: { month: number; year: number }) =>
      list.find((n) => n.month === m.month && n.year === m.year) ?? {
        ...m,
        noteContent: '',
        approved: false,
      };
    const first = [noteOf({ month, year }), noteOf(previous)];
    return [...first, ...list.filter((n) => !first.includes(n))];
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
