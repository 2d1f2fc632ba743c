import { sql } from 'drizzle-orm';
import { patients } from '../../db/schema/index.js';

/**
 * What list search matches (DESIGN 4: first, last and full name and the MR number, ignoring case and
 * accents): "first last mr", lowercased, accents dropped, blanks collapsed. Stored in `patients.search_text`
 * on every write of those fields, so a search is one `like` on one column; the query is folded the same way.
 */
export function patientSearchText(
  firstName: string,
  lastName: string,
  mr: string | null | undefined,
): string {
  return foldSearchText([firstName, lastName, mr ?? ''].join(' '));
}

/** Lowercase, accent-free, single-spaced: the form both the stored text and a search query take. */
export function foldSearchText(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Patients in name order, as the screens show a name (first, then last), case and accents aside: the stored
 * search text, which begins with them, so that Émilie sorts beside Emily on either database (PGlite compares
 * bytes, and put every accented initial after z).
 */
export const patientNameOrder = sql`${patients.searchText}`;
