import { foldSearchText } from '../features/patients/patient-search-text.js';

interface Named {
  _id: string;
  fullName: string;
}

/**
 * The patient a `--patient` choice names among `rows`: by id, else by name as the lists' search matches it
 * (case, accents and spacing aside), a whole name before a part of one. A choice that names none, or several,
 * is a message for the engineer, so that a reading never goes to a patient picked by list order.
 */
export function choosePatient<T extends Named>(rows: readonly T[], choice: string): T | string {
  const byId = rows.find((r) => r._id === choice);
  if (byId) return byId;
  const wanted = foldSearchText(choice);
  const partly = rows.filter((r) => foldSearchText(r.fullName).includes(wanted));
  const wholly = partly.filter((r) => foldSearchText(r.fullName) === wanted);
  const matches = wholly.length > 0 ? wholly : partly;
  if (matches.length === 1) return matches[0]!;
  if (matches.length === 0) return `No patient matches "${choice}".`;
  const names = matches.map((r) => `${r.fullName} (${r._id})`).join(', ');
  return `"${choice}" matches ${matches.length} patients: ${names}. Give more of the name, or the id.`;
}
