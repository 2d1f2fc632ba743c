import { textMessageTexts } from '@vigil/core';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { clinics, messages } from '../../db/schema/index.js';
import type { OutgoingSms } from '../../integrations/sms/sms-provider.js';
import { deliverOutboxMessage } from '../../jobs/deliver-outbox.job.js';
import { createOutboxRepository } from '../outbox/outbox.repository.js';
import { fixtureIds, worldWithPatientInEachClinic } from '../patients/patient-fixtures.js';
import { createMediaLinks } from './media-links.js';
import { createMessagesRepository } from './messages.repository.js';

const clinicNumber = '+15035550101';
const world = worldWithPatientInEachClinic(async (w) => {
  await w.t.app.vigil.database.db
    .update(clinics)
    .set({ twilioNumber: clinicNumber })
    .where(eq(clinics.id, fixtureIds.north));
});

describe('sendPatientText', () => {
  it('signs a staff text, stores it queued, and the job sends it from the clinic number with media and callback', async () => {
    const { db } = world.t.app.vigil.database;
    const sender = world.t.app.vigil.messageSender;
    const attachment = {
      id: crypto.randomUUID(),
      storageKey: 'messages/x',
      fileName: 'a.png',
      contentType: 'image/png',
      size: 3,
    };
    const message = await sender.sendPatientText({
      patientId: world.northPatient,
      body: '  Please take a reading  ',
      userId: fixtureIds.northStaff,
      kind: 'staff',
      attachments: [attachment],
    });
    expect(message).toMatchObject({
      status: 'queued',
      direction: 'outbound',
      kind: 'staff',
      body: 'Please take a reading\n\n— staff, North Clinic',
      fromNumber: clinicNumber,
      toNumber: '+15551234567',
    });
    const outboxRow = await createOutboxRepository(db).findById(message.providerSid!);
    expect(outboxRow).toMatchObject({
      channel: 'sms',
      to: '+15551234567',
      from: clinicNumber,
      status: 'pending',
    });

    const sent: OutgoingSms[] = [];
    const mediaLinks = createMediaLinks({ publicUrl: 'https://vigil.example', key: 'k' });
    await deliverOutboxMessage(
      {
        db,
        clock: world.t.clock,
        sms: {
          name: 'fake',
          send: async (m) => {
            sent.push(m);
            return { providerId: 'SM123' };
          },
          provisionNumber: async () => '',
          releaseNumber: async () => undefined,
        },
        email: { name: 'unused', send: async () => ({ providerId: 'x' }) },
        patientTexts: { mediaLinks, statusCallbackUrl: 'https://vigil.example/api/webhooks/twilio/status' },
      },
      outboxRow!.id,
      false,
    );
    expect(sent).toHaveLength(1);
    expect(sent[0]!.statusCallback).toBe(
      `https://vigil.example/api/webhooks/twilio/status?text=${message.id}`,
    );
    expect(sent[0]!.mediaUrls?.[0]).toMatch(
      new RegExp(
        `^https://vigil\\.example/api/webhooks/twilio/media/${message.id}/${attachment.id}\\?expires=\\d+&signature=`,
      ),
    );
    const [stored] = await db.select().from(messages).where(eq(messages.id, message.id));
    expect(stored).toMatchObject({ status: 'sent', providerSid: 'SM123' });
  });

  it('signs with the provider’s name for a CIRCLE user, and refuses an opted-out pair with 409', async () => {
    const { db } = world.t.app.vigil.database;
    const sender = world.t.app.vigil.messageSender;
    const message = await sender.sendPatientText({
      patientId: world.northPatient,
      body: 'Hi',
      userId: fixtureIds.navigatorA,
      kind: 'staff',
    });
    expect(message.body).toBe('Hi\n\n— nav-a, Circle');
    await createMessagesRepository(db).optOut('+15551234567', clinicNumber, new Date());
    await expect(
      sender.sendPatientText({
        patientId: world.northPatient,
        body: 'Hi',
        userId: null,
        kind: 'reminder',
      }),
    ).rejects.toMatchObject({ status: 409, message: textMessageTexts.optedOut });
    await createMessagesRepository(db).optIn('+15551234567', clinicNumber);
  });

  it('inside a caller’s transaction, the text stands or falls with it', async () => {
    const { db } = world.t.app.vigil.database;
    const sender = world.t.app.vigil.messageSender;
    const before = (await db.select().from(messages)).length;
    await expect(
      db.transaction(async (tx) => {
        await sender.storePatientText(tx, {
          patientId: world.northPatient,
          body: 'Welcome',
          userId: null,
          kind: 'welcome',
        });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await db.select().from(messages)).toHaveLength(before);
    await expect(
      sender.sendPatientText({
        patientId: world.southPatient,
        body: 'Hi',
        userId: null,
        kind: 'reminder',
      }),
    ).rejects.toMatchObject({ status: 409, message: textMessageTexts.noClinicNumber });
  });
});
