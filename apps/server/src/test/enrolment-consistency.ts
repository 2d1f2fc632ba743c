import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { enrolmentPeriods, patients, readings } from '../db/schema/index.js';

/**
 * The patients whose enrolment periods are not what the patient form would have kept: one period for a
 * patient with an `enrolled_at`, started then, open exactly while enrolled, ended after its start and after
 * every reading (a seed's readings stop at unenrolment); none for a patient never enrolled.
 */
export async function inconsistentEnrolments(db: DbOrTx): Promise<string[]> {
  const result = (await db.execute(sql`
    select p.id from ${patients} p
    where (p.enrolled_at is null) <> not exists (select 1 from ${enrolmentPeriods} e where e.patient_id = p.id)
      or (select count(*) from ${enrolmentPeriods} e where e.patient_id = p.id) > 1
      or exists (
        select 1 from ${enrolmentPeriods} e where e.patient_id = p.id and (
          e.started_at <> p.enrolled_at or (e.ended_at is null) <> p.enrolled or e.ended_at <= e.started_at
          or exists (select 1 from ${readings} r where r.patient_id = p.id and r.taken_at >= e.ended_at)
        )
      )`)) as unknown as { rows: { id: string }[] };
  return result.rows.map((r) => r.id);
}
