import nodemailer from 'nodemailer';
import { describe, expect, it } from 'vitest';
import { buildSmtpMessage } from './smtp-email.provider.js';

const pdf = Buffer.from('%PDF-1.3\n% a report\n%%EOF\n');

/**
 * The message as it leaves for the SMTP server: nodemailer's own MIME, built without sending, with its long
 * headers unfolded.
 */
async function mime(options: ReturnType<typeof buildSmtpMessage>): Promise<string> {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  const info = await transport.sendMail(options);
  return (info.message as Buffer).toString().replace(/\r?\n(?=[ \t])/g, '');
}

describe('the SMTP message', () => {
  it('carries a report as a PDF attachment under its file name', async () => {
    const options = buildSmtpMessage('Vigil <reports@vigil.test>', {
      to: 'rosa@example.test',
      subject: 'Your Blood Pressure Report for October 2026',
      text: 'Hello Rosa,',
      attachments: [
        {
          fileName: 'Blood Pressure Report - Rosa Diaz - 2026-10.pdf',
          contentType: 'application/pdf',
          content: pdf,
        },
      ],
    });
    expect(options).toMatchObject({
      from: 'Vigil <reports@vigil.test>',
      to: 'rosa@example.test',
      attachments: [
        {
          filename: 'Blood Pressure Report - Rosa Diaz - 2026-10.pdf',
          contentType: 'application/pdf',
          content: pdf,
        },
      ],
    });
    const raw = await mime(options);
    expect(raw).toContain('Content-Type: multipart/mixed');
    expect(raw).toMatch(
      /Content-Type: application\/pdf;\s+name="Blood Pressure Report - Rosa Diaz - 2026-10.pdf"/,
    );
    expect(raw).toMatch(
      /Content-Disposition: attachment;\s+filename="Blood Pressure Report - Rosa Diaz - 2026-10.pdf"/,
    );
    expect(raw.replace(/\s/g, '')).toContain(pdf.toString('base64'));
    expect(raw).toContain('Hello Rosa,');
  });

  it('sends a plain text email as before when there is nothing attached', async () => {
    const options = buildSmtpMessage('reports@vigil.test', {
      to: 'a@b.test',
      subject: 'Code',
      text: '123456',
    });
    expect(options).toEqual({ from: 'reports@vigil.test', to: 'a@b.test', subject: 'Code', text: '123456' });
    expect(await mime(options)).toContain('Content-Type: text/plain');
  });
});
