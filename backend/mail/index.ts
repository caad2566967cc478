// PLACEHOLDER until the mail service lands: keeps messages in memory.
import express from 'express';
import type { BackendContext, Mailer, MailMessage, SmsMessage } from '../context';

export function createMailer(_ctx: BackendContext): Mailer {
  const box: Array<MailMessage | SmsMessage> = [];
  const router = express.Router();
  router.get('/', (_req, res) => res.json(box));
  return {
    async sendTemplate(template, _locale, to, vars) {
      box.push({ to, subject: template, html: JSON.stringify(vars), template });
    },
    async sendSms(template, _locale, to, vars) {
      box.push({ to, body: JSON.stringify(vars), template });
    },
    outbox: () => box,
    router,
  };
}
