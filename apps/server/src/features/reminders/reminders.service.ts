import {
  AppError,
  isReminderDue,
  isWelcomeDue,
  type ManualRemindersResult,
  manualReminderSlot,
  reminderText,
  type WelcomeState,
  welcomeText,
} from '@vigil/core';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import type { AuthUser } from '../auth/auth-user.js';
import type { MessageSender } from '../messages/message-sender.js';
import { patientScope, scopeCondition } from '../patients/patient-scope.js';
import { createRemindersRepository, type ReminderCandidateRow } from './reminders.repository.js';

export interface RemindersDeps {
  db: Db;
  clock: Clock;
  sender: Pick<MessageSender, 'sendPatientText' | 'storePatientText' | 'deliver'>;
  /** A welcome text that failed after its patient's save committed (the save still answers success). */
  onWelcomeFailed: (error: unknown) => void;
}

/** A round started by a user from the reminder test tools, not by the half-hourly job. */
interface ManualRun {
  actor: AuthUser;
  ip: string | null;
}

/**
 * The product's own texts to a patient (DESIGN 4): the welcome text on enrolment and the reading reminders
 * of each half-hour slot. Both go through the one sender, which refuses an opted-out number or a missing
 * one with an `AppError`; here such a refusal means "not this patient", never a failure of the round.
 */
export function createRemindersService(deps: RemindersDeps) {
  const { db, clock, sender } = deps;

  /**
   * One patient's reminder of the slot. The claim is committed first, so a second worker (or a rerun) finds
   * it and skips the patient: at most once, never twice. The text and the claim's link to it are then stored
   * in one transaction, so a failure there leaves neither and gives the claim back; once they are stored,
   * the claim stays whatever happens next, and a rerun cannot text the patient again. The delivery starts
   * after that commit (inside an open transaction PGlite would hold the queue's insert until the end, and
   * wait for it forever); a failure to start it leaves the text pending in the outbox.
   */
  async function sendOne(p: ReminderCandidateRow, slot: Date, run: ManualRun | null): Promise<boolean> {
    const repo = createRemindersRepository(db);
    const claim = await repo.claimSlot(p.id, slot, clock.now());
    if (!claim) return false;
    let outboxId: string | null;
    try {
      outboxId = await db.transaction(async (tx) => {
        const txRepo = createRemindersRepository(tx);
        // The round read its patients once, at its start: decided again on the locked patient, so one
        // deactivated, who withdrew consent or who sent a reading meanwhile is not texted.
        const current = await txRepo.findCandidateForUpdate(slot, p.id);
        if (!current || !isReminderDue(current, slot)) return null;
        const stored = await sender.storePatientText(tx, {
          patientId: current.id,
          body: reminderText(current, current.clinicName),
          userId: run?.actor.id ?? null,
          kind: 'reminder',
          ip: run?.ip ?? null,
        });
        await txRepo.setMessage(claim, stored.message.id);
        return stored.outboxId;
      });
    } catch (error) {
      // Not stored (opted out, no number any more, or a failure): the claim goes, so nothing says it was.
      await repo.releaseClaim(claim);
      if (error instanceof AppError) return false;
      throw error;
    }
    if (outboxId === null) {
      await repo.releaseClaim(claim);
      return false;
    }
    await sender.deliver(outboxId);
    return true;
  }

  /**
   * The reminders of the half-hour slot starting at `slot`, to every patient the core finds due (of a manual
   * run, only those its user sees, and the texts name that user). Answers how many were sent. A patient
   * already sent this slot (a second worker, a rerun) is skipped; a failure of one patient does not stop the
   * others, and is raised at the end so the job is retried.
   */
  async function sendSlot(slot: Date, run: ManualRun | null = null): Promise<number> {
    const within = run ? scopeCondition(patientScope(run.actor)) : undefined;
    const due = (await createRemindersRepository(db).findCandidates(slot, undefined, within)).filter((p) =>
      isReminderDue(p, slot),
    );
    let sent = 0;
    let failure: unknown;
    for (const patient of due) {
      try {
        if (await sendOne(patient, slot, run)) sent++;
      } catch (error) {
        failure ??= error;
      }
    }
    if (failure) throw failure;
    return sent;
  }

  return {
    sendSlot: (slot: Date) => sendSlot(slot),

    /**
     * `POST /manualCronJobs/smsReminders`: the round of a Pacific wall-clock time of today, now, to the
     * patients `actor` sees (a clinic user's own clinic), each text and its audit event naming them.
     */
    async runManual(actor: AuthUser, time: string, ip: string | null): Promise<ManualRemindersResult> {
      const slot = manualReminderSlot(time, clock.now());
      return { sent: await sendSlot(slot, { actor, ip }), slot: slot.toISOString() };
    },

    /**
     * After a patient's save has committed: the welcome text when the core says the save calls for it and
     * none went out in this enrolment yet. A refusal of the sender (opted out, the clinic has no number)
     * means no welcome, never a failed save. After the commit rather than inside the save's transaction:
     * the sender hands a text to the delivery queue, which on PGlite waits for any open transaction.
     */
    async welcomeAfterSave(patientId: string, before: WelcomeState | null): Promise<void> {
      try {
        const repo = createRemindersRepository(db);
        const after = await repo.findWelcomeFacts(patientId);
        if (!after || !isWelcomeDue(before, after)) return;
        if (await repo.hasWelcomeSince(patientId, after.enrolledAt ?? new Date(0))) return;
        await sender.sendPatientText({
          patientId,
          body: welcomeText(after, after.clinicName),
          userId: null,
          kind: 'welcome',
        });
      } catch (error) {
        // The save has committed: answering it as failed would have the user save again, and a new patient
        // would be added twice. Any other failure than a refusal is reported to the operators instead.
        if (!(error instanceof AppError)) deps.onWelcomeFailed(error);
      }
    },
  };
}

export type RemindersService = ReturnType<typeof createRemindersService>;
