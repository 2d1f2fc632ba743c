import { formatDate } from '@vigil/core';
import type { DbOrTx } from '../../db/client.js';
import type { AuditEventInput } from '../audit/audit.repository.js';
import type { AuditService } from '../audit/audit.service.js';
import { createReadingsViewRepository, type ReadingWithZone } from './readings-view.repository.js';

/** The values of a reading as a person reads them: '140/90 mmHg, 72 bpm'. */
export function readingValuesText(
  r: Pick<ReadingWithZone, 'systolic' | 'diastolic' | 'heartRate' | 'weightLbs'>,
) {
  const parts: string[] = [];
  if (r.systolic !== null) parts.push(`${r.systolic}/${r.diastolic ?? '-'} mmHg`);
  if (r.heartRate !== null) parts.push(`${r.heartRate} bpm`);
  if (r.weightLbs !== null) parts.push(`${r.weightLbs} lbs`);
  return parts.join(', ');
}

/** The audit trail's sentence for a reading added by hand or removed. */
export function readingAuditMessage(
  action: 'reading.created' | 'reading.removed',
  r: ReadingWithZone,
): string {
  if (action === 'reading.removed')
    return `Removed a reading of ${formatDate(r.takenAt, r.timeZone ?? r.clinicTimeZone)}`;
  const kind = r.source === 'MANUAL' ? 'a manual reading' : 'a reading';
  return `Added ${kind}: ${readingValuesText(r)}`;
}

const readingActions = new Set(['reading.created', 'reading.removed']);

/**
 * The readings service appends 'reading.created' (a reading typed by a user) and 'reading.removed'
 * without the sentence the audit trail shows. This gives them one, read from the reading in the same
 * transaction; an event that already carries a message keeps it. Device readings, stored at webhook
 * rates, have no user and no event, so this costs nothing on ingestion.
 */
export function withReadingAuditMessages(audit: AuditService): AuditService {
  return {
    async record(db: DbOrTx, event: AuditEventInput): Promise<void> {
      if (!readingActions.has(event.action) || !event.entityId || event.details?.message)
        return audit.record(db, event);
      const reading = await createReadingsViewRepository(db).findWithZoneById(event.entityId);
      if (!reading) return audit.record(db, event);
      const message = readingAuditMessage(event.action as 'reading.created' | 'reading.removed', reading);
      return audit.record(db, { ...event, details: { ...event.details, message } });
    },
  };
}
