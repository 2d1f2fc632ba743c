import Chip from '@mui/material/Chip';
import { type PatientBadgeFlags, patientBadgeLabels } from '@vigil/core';

type BadgeKey = keyof typeof patientBadgeLabels;

/** The order in which the flags win (DESIGN 4: Patients and lists): one badge per patient at most. */
const badgeOrder: readonly BadgeKey[] = ['inactive', 'unenrolled', 'neverEnrolled', 'unassigned'];

export function patientBadge(flags: PatientBadgeFlags): BadgeKey | null {
  return badgeOrder.find((key) => flags[key]) ?? null;
}

const badgeColor: Record<BadgeKey, 'default' | 'warning' | 'info'> = {
  inactive: 'default',
  unenrolled: 'warning',
  neverEnrolled: 'info',
  unassigned: 'warning',
};

/** The Name column's badge: Inactive, Unenrolled, Never Enrolled or Unassigned; nothing for the rest. */
export function PatientBadge({ flags }: { flags: PatientBadgeFlags }) {
  const badge = patientBadge(flags);
  if (!badge) return null;
  return (
    <Chip
      label={patientBadgeLabels[badge]}
      color={badgeColor[badge]}
      size="small"
      variant="outlined"
      sx={{ height: 20, fontSize: '0.72rem', fontWeight: 500 }}
    />
  );
}
