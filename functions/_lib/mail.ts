// Templated e-mail from functions (order confirmations...). In the embedded backend the functions
// run in its process and use its mailer (SMTP when configured, else the dev outbox at /dev/outbox);
// on Nhost Cloud there is no such mailer, so SMTP_* (or AUTH_SMTP_*) must be set. Templates are
// nhost/emails/<locale>/<template>/{subject.txt,body.html}, like the auth e-mails.
import path from 'node:path';
import { TemplateRenderer } from '../../backend/mail/render';
import { createSmtpSender, smtpSettingsFromEnv } from '../../backend/mail/smtp';

export interface TemplateMailer {
  sendTemplate(template: string, locale: string, to: string, vars: Record<string, string>): Promise<void>;
}

const KEY = Symbol.for('staydesk.functions.mailer');
type Holder = { [KEY]?: TemplateMailer };

/** Called by the embedded backend when it starts: functions send through its mailer. */
export function provideMailer(mailer: TemplateMailer | undefined): void {
  (globalThis as Holder)[KEY] = mailer;
}

export async function sendTemplateMail(template: string, locale: string, to: string, vars: Record<string, string>): Promise<void> {
  const shared = (globalThis as Holder)[KEY];
  if (shared) return shared.sendTemplate(template, locale, to, vars);
  const settings = smtpSettingsFromEnv(process.env);
  if (!settings) throw new Error('No mailer: set SMTP_HOST (and SMTP_PORT, SMTP_USER, SMTP_PASS, SMTP_SENDER) for functions');
  const email = await new TemplateRenderer([path.resolve(__dirname, '../../nhost/emails')]).renderEmail(template, locale, vars);
  const sender = createSmtpSender(settings);
  try {
    await sender.send({ to, subject: email.subject, html: email.html, text: email.text });
  } finally {
    sender.close();
  }
}
