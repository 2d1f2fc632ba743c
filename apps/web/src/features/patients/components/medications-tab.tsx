import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Medication, MedicationView, PatientDetailsView } from '@vigil/core';
import { useEffect, useState } from 'react';
import { useUpdateMedications } from '../api/update-medications';
import { chartsLabels } from './charts-labels';
import { MedicationsDialog } from './medications-dialog';

interface MedicationsTabProps {
  patient: PatientDetailsView;
}

/**
 * The Medications tab (spec patients 2.6, 4): Name, Dose, Frequency and Action. Every change sends the whole
 * list (PATCH /pacients/{id}) and shows the list the server answers.
 */
export function MedicationsTab({ patient }: MedicationsTabProps) {
  const update = useUpdateMedications();
  const [medications, setMedications] = useState<MedicationView[]>(patient.medications);
  // The patient's version that list is of, sent with each change.
  const [version, setVersion] = useState(patient.updatedAt);
  const [dialog, setDialog] = useState<{ editing: MedicationView | null } | null>(null);
  const [removingId, setRemovingId] = useState<string | null>(null);

  // The page's details may be refetched with a newer list.
  useEffect(() => {
    setMedications(patient.medications);
    setVersion(patient.updatedAt);
  }, [patient.medications, patient.updatedAt]);

  const saveList = async (next: (Medication | MedicationView)[]) => {
    const saved = await update.mutateAsync({ patientId: patient._id, medications: next, updatedAt: version });
    setMedications(saved.medications);
    setVersion(saved.updatedAt);
    return saved.medications;
  };

  const handleSave = (medication: Medication) => {
    const editing = dialog?.editing;
    return saveList(
      editing
        ? medications.map((m) => (m._id === editing._id ? { ...medication, _id: editing._id } : m))
        : [...medications, medication],
    );
  };

  const handleRemove = (medication: MedicationView) => {
    setRemovingId(medication._id);
    saveList(medications.filter((m) => m._id !== medication._id))
      .catch(() => undefined)
      .finally(() => setRemovingId(null));
  };

  return (
    <Stack spacing={2}>
      <Box>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ editing: null })}>
          {chartsLabels.addMedication}
        </Button>
      </Box>
      {medications.length === 0 ? (
        <Box sx={{ py: 4, textAlign: 'center' }}>
          <Typography sx={{ fontWeight: 500 }}>{chartsLabels.noMedications}</Typography>
          <Typography variant="body2" color="text.secondary">
            {chartsLabels.addMedicationsHint}
          </Typography>
        </Box>
      ) : (
        <TableContainer sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={chartsLabels.medicationsTable}>
            <TableHead>
              <TableRow>
                <TableCell>{chartsLabels.name}</TableCell>
                <TableCell>{chartsLabels.dose}</TableCell>
                <TableCell>{chartsLabels.frequency}</TableCell>
                <TableCell align="right">{chartsLabels.action}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {medications.map((m) => (
                <TableRow key={m._id} hover>
                  <TableCell>{m.name}</TableCell>
                  <TableCell
                    sx={{ whiteSpace: 'nowrap' }}
                  >{`${m.doseSize.value} ${m.doseSize.type}`}</TableCell>
                  <TableCell>{m.frequency.type}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <Button
                      size="small"
                      aria-label={chartsLabels.editMedicationOf(m.name)}
                      disabled={removingId !== null}
                      onClick={() => setDialog({ editing: m })}
                    >
                      {chartsLabels.edit}
                    </Button>
                    <Button
                      size="small"
                      color="error"
                      aria-label={chartsLabels.removeMedicationOf(m.name)}
                      disabled={removingId !== null}
                      onClick={() => handleRemove(m)}
                    >
                      {removingId === m._id ? chartsLabels.removing : chartsLabels.remove}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <MedicationsDialog
        open={dialog !== null}
        editing={dialog?.editing ?? null}
        saving={update.isPending && removingId === null}
        onSave={handleSave}
        onClose={() => setDialog(null)}
      />
    </Stack>
  );
}
