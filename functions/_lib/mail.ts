// Templated e-mail from functions (order confirmations...). In the embedded backend the functions
// run in its process and use its mailer (SMTP when configured, else the dev outbox at /dev/outbox);
// on Nhost Cloud there is no such mailer, so SMTP_* (or AUTH_SMTP_*) must be set. Templates are
// nhost/emails/<locale>/<template>/{subject.txt,body.html}, like the auth e-mails; functions carry
// their own copy (emails.generated.ts, `npm run codegen`): Nhost bundles each function into one
// file elsewhere, where a path relative to this source would find nothing.
import { escapeHtml, fillPlaceholders, htmlToText, type RenderedEmail } from '../../backend/mail/render';
import { createSmtpSender, smtpSettingsFromEnv } from '../../backend/mail/smtp';
import { FUNCTION_EMAILS } from './emails.generated';

export interface TemplateMailer {
  sendTemplate(template: string, locale: string, to: string, vars: Record<string, string>): Promise<void>;
}

const KEY = Symbol.for('staydesk.functions.mailer');
type Holder = { [KEY]?: TemplateMailer };

/** Called by the embedded backend when it starts: functions send through its mailer. */
export function provideMailer(mailer: TemplateMailer | undefined): void {
  (globalThis as Holder)[KEY] = mailer;
}

/** A function's e-mail in `locale` (English when there is none in it), as the auth e-mails render. */
export function renderFunctionEmail(template: string, locale: string, vars: Record<string, string>): RenderedEmail {
  const found = FUNCTION_EMAILS[`${locale}/${template}`] ?? FUNCTION_EMAILS[`en/${template}`];
  if (!found) throw new Error(`e-mail template ${template} is not among the functions' templates (scripts/function-emails.ts)`);
  const html = fillPlaceholders(found.body, vars, escapeHtml);
  // A subject is one header line: values must not be able to add lines.
  const oneLine = (v: string) => v.replace(/[\r\n]+/g, ' ');
  return { subject: fillPlaceholders(found.subject.trim(), vars, oneLine), html, text: htmlToText(html) };
}

export async function sendTemplateMail(template: string, locale: string, to: string, vars: Record<string, string>): Promise<void> {
  const shared = (globalThis as Holder)[KEY];
  if (shared) return shared.sendTemplate(template, locale, to, vars);
  const settings = smtpSettingsFromEnv(process.env);
  if (!settings) throw new Error('No mailer: set SMTP_HOST (and SMTP_PORT, SMTP_USER, SMTP_PASS, SMTP_SENDER) for functions');
  const email = renderFunctionEmail(template, locale, vars);
  const sender = createSmtpSender(settings);
  try {
    await sender.send({ to, subject: email.subject, html: email.html, text: email.text });
  } finally {
    sender.close();
  }
}
