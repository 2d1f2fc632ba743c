import nodemailer from 'nodemailer';
import type { EmailProvider } from './email-provider.js';

export function createSmtpEmailProvider(smtpUrl: string, from: string): EmailProvider {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    name: 'smtp',
    async send({ to, subject, text }) {
      const info = await transport.sendMail({ from, to, subject, text });
      return { providerId: info.messageId };
    },
  };
}
