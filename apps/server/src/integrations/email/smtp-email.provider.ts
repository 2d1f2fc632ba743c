import nodemailer, { type SendMailOptions } from 'nodemailer';
import type { EmailMessage, EmailProvider } from './email-provider.js';

/** The message nodemailer sends: the text, and each attachment under its file name and type. */
export function buildSmtpMessage(from: string, message: EmailMessage): SendMailOptions {
  const { to, subject, text, attachments = [] } = message;
  return {
    from,
    to,
    subject,
    text,
    ...(attachments.length
      ? {
          attachments: attachments.map((a) => ({
            filename: a.fileName,
            content: a.content,
            contentType: a.contentType,
          })),
        }
      : {}),
  };
}

export function createSmtpEmailProvider(smtpUrl: string, from: string): EmailProvider {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    name: 'smtp',
    async send(message) {
      const info = await transport.sendMail(buildSmtpMessage(from, message));
      return { providerId: info.messageId };
    },
  };
}
