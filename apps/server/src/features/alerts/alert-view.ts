import type { AlertView } from '@vigil/core';
import type { AlertRow } from '../../db/schema/index.js';

/** An alert as the detail page and the alert calls answer it (decision 0010). */
export const toAlertView = (row: AlertRow): AlertView => ({
  _id: row.id,
  category: row.category,
  type: row.type,
  readingDate: row.readingDate?.toISOString() ?? null,
  snoozedUntil: row.snoozedUntil?.toISOString() ?? null,
  customDescription: row.customDescription,
  createdAt: row.createdAt.toISOString(),
});

/**
 * 'MM/dd/yy, h:mm aaa' (spec patients 9, as 'Snoozed until ...' shows it) in the patient's zone, for the
 * audit trail's messages: '11/24/26, 9:00 am'.
 */
export function formatAlertTime(date: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      month: '2-digit',
      day: '2-digit',
      year: '2-digit',
      hour: 'numeric',
      minute: '2-digit',
      hour12: true,
    })
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.month}/${parts.day}/${parts.year}, ${parts.hour}:${parts.minute} ${String(parts.dayPeriod).toLowerCase()}`;
}
