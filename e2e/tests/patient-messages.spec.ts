import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { type MessagesView, maxMessageLength, textMessageTexts } from '@vigil/core';
import {
  inboundSmsParams,
  signedTwilioRequest,
  twilioWebhookPaths,
} from '../../apps/server/src/simulator/twilio-wire';
import { expect, test } from '../support/fixtures';
import { apiAs, countRequests, demo, screenshot, serverUrl, signIn, tinyPng, unique } from '../support/vigil';

/**
 * The Messages panel of the detail page (spec patients 2.6, 4, 9; issue 10) against the real server: a text
 * with an attachment sent from the composer, a signed inbound text with its SMSUnseen alert, marking it
 * addressed, 'Load Earlier Messages', and Send's tooltip when there is nothing to send; 1280 and 390 px.
 *
 * Only the Sunrise demo patients 40 to 44 are changed here; no other spec touches them.
 */
const ownPatients = [40, 41, 42, 43, 44].map((n) => `00000000-0000-4000-a001-${String(n).padStart(12, '0')}`);

/** The e2e server's PUBLIC_URL: by default its own address, against which it checks Twilio's signatures. */
const publicUrl = serverUrl;
/** Sunrise Cardiology's texting number (apps/server seed). */
const sunriseNumber = '+15035550190';

interface Texter {
  _id: string;
  fullName: string;
  phone: string;
}

async function staffApi(request: APIRequestContext) {
  return apiAs(request, demo.staff);
}

async function conversationOf(request: APIRequestContext, id: string): Promise<MessagesView> {
  const response = await (await staffApi(request)).get(`/api/sms/${id}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: MessagesView }).data;
}

/** Our patients who can be texted (a texting number, not opted out), in order. */
async function texters(request: APIRequestContext): Promise<Texter[]> {
  const staff = await staffApi(request);
  const found: Texter[] = [];
  for (const id of ownPatients) {
    const details = await staff.get(`/api/pacients/${id}/details`);
    expect(details.status()).toBe(200);
    const patient = (
      (await details.json()) as { data: { _id: string; fullName: string; phone: string | null } }
    ).data;
    const view = await conversationOf(request, id);
    if (patient.phone && !view.optedOut && !view.cannotText)
      found.push({ _id: patient._id, fullName: patient.fullName, phone: patient.phone });
  }
  expect(found.length, 'patients 40-44 with a texting number').toBeGreaterThanOrEqual(2);
  return found;
}

const e164 = (phone: string) => `+1${phone.replace(/\D/g, '').slice(-10)}`;

/** A text from the patient, posted to the inbound webhook as Twilio would, signed with Twilio's own SDK. */
async function postInboundText(request: APIRequestContext, patient: Texter, body: string): Promise<void> {
  const params = inboundSmsParams({ from: e164(patient.phone), to: sunriseNumber, body });
  const signed = signedTwilioRequest(`${publicUrl}${twilioWebhookPaths.sms}`, params);
  const response = await request.post(twilioWebhookPaths.sms, { headers: signed.headers, data: signed.body });
  expect(response.status(), await response.text()).toBeLessThan(300);
}

const messagesPanel = (page: Page) => page.getByRole('region', { name: 'Messages', exact: true });
const conversation = (panel: Locator) => panel.getByRole('log', { name: 'Conversation' });

async function openDetails(page: Page, patient: Texter): Promise<Locator> {
  await page.goto(`/patient/details/${patient._id}`);
  await expect(page.getByRole('heading', { level: 1, name: patient.fullName })).toBeVisible();
  const panel = messagesPanel(page);
  await expect(conversation(panel)).toBeVisible();
  return panel;
}

test.describe('patient messages', () => {
  test('staff send a text with an attachment and see it in the conversation', async ({ page, request }) => {
    test.slow();
    const [patient] = await texters(request);
    await signIn(page, demo.staff);
    const panel = await openDetails(page, patient!);

    // Nothing to send: Send is disabled and says why.
    const send = panel.getByRole('button', { name: 'Send' });
    await expect(send).toBeDisabled();
    await send.locator('..').hover();
    await expect(page.getByRole('tooltip')).toHaveText('Provide a message or file attachment(s).');

    // Longer than a text can be with the staff member's signature ('— Sam, Sunrise Cardiology'): said under
    // the field, and Send stays disabled until it is short enough.
    const { signature } = await conversationOf(request, patient!._id);
    expect(signature).toBe('— Sam, Sunrise Cardiology');
    const message = panel.getByRole('textbox', { name: 'Message' });
    await message.fill('x'.repeat(maxMessageLength - signature.length - 2 + 1));
    await expect(panel.getByText(textMessageTexts.textTooLong)).toBeVisible();
    await expect(send).toBeDisabled();
    await message.press('Backspace');
    await expect(panel.getByText(textMessageTexts.textTooLong)).toHaveCount(0);
    await expect(send).toBeEnabled();

    const text = `Please send a photo of your pill bottle (${unique('t')}).`;
    await message.fill(text);
    await panel.locator('input[type="file"]').setInputFiles({
      name: 'pill-bottle.png',
      mimeType: 'image/png',
      buffer: tinyPng,
    });
    const chips = panel.getByRole('list', { name: 'Attachments' });
    await expect(chips.getByText('pill-bottle.png', { exact: true })).toBeVisible();
    await expect(send).toBeEnabled();

    // Two more of 3 MB each: more than one text can carry (5 MB in all), said at once, until one goes.
    const large = Buffer.concat([tinyPng, Buffer.alloc(3 * 1024 * 1024)]);
    await panel.locator('input[type="file"]').setInputFiles([
      { name: 'scan-1.png', mimeType: 'image/png', buffer: large },
      { name: 'scan-2.png', mimeType: 'image/png', buffer: large },
    ]);
    await expect(panel.getByText(textMessageTexts.attachmentsTooLarge)).toBeVisible();
    await expect(send).toBeDisabled();
    await screenshot(page, 'patient-messages-attachments-too-large', { of: panel });
    await chips.getByRole('img', { name: 'Remove scan-2.png' }).click();
    await chips.getByRole('img', { name: 'Remove scan-1.png' }).click();
    await expect(panel.getByText(textMessageTexts.attachmentsTooLarge)).toHaveCount(0);
    await expect(send).toBeEnabled();
    await screenshot(page, 'patient-messages-composer-1280', { of: panel });

    // A double-click sends one text.
    const sends = countRequests(page, 'POST', new RegExp(`/api/sms/${patient!._id}$`));
    await send.dblclick();
    await expect(panel.getByRole('textbox', { name: 'Message' })).toHaveValue('');
    await expect(chips).toHaveCount(0);
    const sent = conversation(panel).getByRole('listitem').filter({ hasText: text });
    await expect(sent).toBeVisible();
    await expect(sent).toHaveCount(1);
    expect(sends.count()).toBe(1);
    // The thumbnail is the uploaded image, fetched with the session's token.
    const thumbnail = sent.getByRole('img', { name: 'Attachment pill-bottle.png' });
    await expect(thumbnail).toBeVisible();
    await expect
      .poll(() => thumbnail.evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
    // The newest text is in view at the bottom of the box.
    await expect(sent).toBeInViewport();
    await screenshot(page, 'patient-messages-sent-1280', { of: panel });
    await screenshot(page, 'patient-messages-page-1280');

    // Text in the composer is an unsaved change.
    await panel.getByRole('textbox', { name: 'Message' }).fill('A second thought');
    await page.getByRole('button', { name: 'Back' }).click();
    const question = page.getByRole('dialog', { name: 'Unsaved Changes' });
    await expect(question).toContainText('You have unsaved changes. Are you sure you want to leave?');
    await question.getByRole('button', { name: 'No' }).click();
    await expect(page).toHaveURL(`/patient/details/${patient!._id}`);
    await expect(panel.getByRole('textbox', { name: 'Message' })).toHaveValue('A second thought');
  });

  test("a patient's text arrives with its alert, and marking it addressed clears the alert", async ({
    page,
    request,
  }) => {
    test.slow();
    const [, patient] = await texters(request);
    const text = `My reading was high this morning ${unique('in')}`;
    await postInboundText(request, patient!, text);

    await signIn(page, demo.staff);
    const panel = await openDetails(page, patient!);
    const inbound = conversation(panel).getByRole('listitem').filter({ hasText: text });
    await expect(inbound).toBeVisible();
    const alerts = page.getByRole('region', { name: 'Alerts', exact: true });
    await expect(alerts.getByText('New text message from the patient')).toBeVisible();
    await screenshot(page, 'patient-messages-inbound-1280', { of: panel });

    // No keeps it as it is.
    const addressed = inbound.getByRole('checkbox');
    await expect(addressed).not.toBeChecked();
    await addressed.click();
    const question = page.getByRole('dialog', { name: 'Mark Addressed' });
    await expect(question).toContainText('Do you want to mark this and all previous messages addressed?');
    await question.getByRole('button', { name: 'No' }).click();
    await expect(question).toBeHidden();
    await expect(addressed).not.toBeChecked();

    await addressed.click();
    await question.getByRole('button', { name: 'Yes' }).click();
    await expect(question).toBeHidden();
    await expect(addressed).toBeChecked();
    await expect(addressed).toBeDisabled();
    await expect(alerts.getByText('New text message from the patient')).toBeHidden();
    const after = await conversationOf(request, patient!._id);
    const message = after.sms.find((m) => m.text === text)!;
    expect(new Date(after.lastAddressed!).getTime()).toBe(new Date(message.date).getTime() + 10_000);
  });

  test("'Load Earlier Messages' adds ten earlier texts, at 390 px too", async ({ page, request }) => {
    test.slow();
    const list = await texters(request);
    const patient = list[2] ?? list[0]!;
    const staff = await staffApi(request);
    for (let n = 1; n <= 12; n += 1) {
      const response = await staff.post(`/api/sms/${patient._id}`, { text: `Check-in ${n} ${unique('c')}` });
      expect(response.status()).toBeLessThan(300);
    }
    const total = (await conversationOf(request, patient._id)).sms.length;
    expect(total).toBeGreaterThanOrEqual(12);

    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, demo.staff);
    const panel = await openDetails(page, patient);
    const items = conversation(panel).getByRole('listitem');
    await expect(items).toHaveCount(10);
    await expect(items.last()).toContainText('Check-in 12');
    await panel.scrollIntoViewIfNeeded();
    await screenshot(page, 'patient-messages-390', { of: panel });

    await conversation(panel).getByRole('button', { name: 'Load Earlier Messages' }).click();
    await expect(items).toHaveCount(Math.min(20, total));
    await expect(conversation(panel).getByText(/Check-in 1 /)).toBeAttached();
    if (total <= 20) await expect(panel.getByRole('button', { name: 'Load Earlier Messages' })).toBeHidden();
    await screenshot(page, 'patient-messages-earlier-390', { of: panel });
  });
  test('a patient who texts STOP shows as opted out, and can be texted again after START', async ({
    page,
    request,
  }) => {
    const list = await texters(request);
    const patient = list[list.length - 1]!;
    await postInboundText(request, patient, 'STOP');

    await signIn(page, demo.staff);
    const panel = await openDetails(page, patient);
    await expect(page.getByText('Opted out of texts', { exact: true })).toBeVisible();
    await expect(panel.getByText(textMessageTexts.optedOut)).toBeVisible();
    await expect(panel.getByRole('textbox', { name: 'Message', exact: true })).toBeDisabled();
    await screenshot(page, 'patient-messages-opted-out', { viewport: true });

    await postInboundText(request, patient, 'START');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: patient.fullName })).toBeVisible();
    await expect(panel.getByRole('textbox', { name: 'Message', exact: true })).toBeEnabled();
    await expect(page.getByText('Opted out of texts', { exact: true })).toBeHidden();
  });
});
