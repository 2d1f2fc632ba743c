import ExpandMore from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { detailLabels, formatPhone, genderLabels, languages, type PatientDetailsView } from '@vigil/core';
import { type ReactNode, useId, useState } from 'react';
import { ActiveDevicesDialog } from './active-devices-dialog';
import { ageOn, formatCalendarDate, formatDayOf } from './details-format';

const languageName = (code: string | null) =>
  code ? (languages.find((l) => l.code.toLowerCase() === code.toLowerCase())?.name ?? code) : null;

/** A preference kept as a list (days, times) or as free text, in words; null when empty. */
function preferenceText(value: unknown): string | null {
  if (Array.isArray(value)) return value.length > 0 ? value.join(', ') : null;
  return typeof value === 'string' && value.trim() ? value : null;
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography component="dt" variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children ?? detailLabels.notAvailable}
      </Typography>
    </Box>
  );
}

/**
 * The General Patient Info accordion (spec patients 2.6): every item, 'Not available' when empty, and the
 * devices count that opens the Active Devices dialog with 'Sync Readings'.
 */
export function DetailsGeneralInfo({ details }: { details: PatientDetailsView }) {
  const summaryId = useId();
  const [devicesOpen, setDevicesOpen] = useState(false);
  const dob = details.dateOfBirth ?? details.medicalInfo.dateOfBirth ?? null;
  const sex = details.sex ?? details.medicalInfo.gender ?? null;
  const heightInches = details.medicalInfo.heightInInches;
  const weight = details.medicalInfo.weight;
  const phones = details.phones.filter((p) => p.number);
  return (
    <Accordion
      defaultExpanded
      disableGutters
      slotProps={{ heading: { component: 'h2' } }}
      sx={{ height: '100%', minWidth: 0 }}
    >
      <AccordionSummary expandIcon={<ExpandMore />} aria-controls={`${summaryId}-content`} id={summaryId}>
        <Typography component="span" variant="h2" sx={{ fontSize: '1.1rem' }}>
          {detailLabels.generalPatientInfo}
        </Typography>
      </AccordionSummary>
      <AccordionDetails>
        <Box
          component="dl"
          sx={{
            m: 0,
            display: 'grid',
            gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))',
            columnGap: 2,
            rowGap: 1.5,
          }}
        >
          <Item label={detailLabels.dateOfBirth}>
            {dob ? detailLabels.dobWithAge(formatCalendarDate(dob), ageOn(dob)) : null}
          </Item>
          <Item label={detailLabels.sex}>{sex ? (genderLabels[sex] ?? sex) : null}</Item>
          <Item label={detailLabels.phones}>
            {phones.length > 0
              ? phones.map((p) => (
                  <Box component="span" key={p.number} sx={{ display: 'block', whiteSpace: 'nowrap' }}>
                    {formatPhone(p.number)}
                    {p.type ? ` (${p.type})` : ''}
                  </Box>
                ))
              : null}
          </Item>
          <Item label={detailLabels.diagnosis}>
            {details.diagnosis ?? details.medicalInfo.diagnosis ?? null}
          </Item>
          <Item label={detailLabels.dateOfEnrollment}>
            {details.dateOfEnrollment ? formatDayOf(details.dateOfEnrollment) : null}
          </Item>
          <Item label={detailLabels.language}>{languageName(details.language)}</Item>
          <Item label={detailLabels.physician}>
            {details.assignedPhysicianName ? detailLabels.doctor(details.assignedPhysicianName) : null}
          </Item>
          <Item label={detailLabels.devices}>
            <Link component="button" type="button" variant="body2" onClick={() => setDevicesOpen(true)}>
              {detailLabels.devicesCount(details.devicesCount)}
            </Link>
          </Item>
          <Item label={detailLabels.height}>
            {heightInches ? detailLabels.heightInches(heightInches) : null}
          </Item>
          <Item label={detailLabels.weight}>{weight ? detailLabels.weightLbs(weight) : null}</Item>
          <Item label={detailLabels.bestDaysToContact}>
            {preferenceText(details.preferences.daysToContact)}
          </Item>
          <Item label={detailLabels.bestTimesToContact}>
            {preferenceText(details.preferences.timesToContact)}
          </Item>
        </Box>
      </AccordionDetails>
      <ActiveDevicesDialog patientId={details._id} open={devicesOpen} onClose={() => setDevicesOpen(false)} />
    </Accordion>
  );
}
