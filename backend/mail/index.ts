// The mailer of the embedded backend: renders the project's templates and sends them by SMTP
// when SMTP_* is set, otherwise into the dev outbox (/dev/outbox). SMS always goes to the outbox:
// the embedded backend has no SMS provider.
import path from 'node:path';
import type { BackendContext, Mailer } from '../context';
import { Outbox, createOutboxRouter } from './outbox';
import { TemplateRenderer } from './render';
import { createSmtpSender, smtpSettingsFromEnv } from './smtp';

export { TemplateRenderer, escapeHtml, fillPlaceholders } from './render';

/** The product's own templates, used when a project folder (e.g. a test fixture) brings none. */
const BUILT_IN_EMAILS = path.resolve(__dirname, '../../nhost/emails');

export function createMailer(ctx: Pick<BackendContext, 'config' | 'log'>, env: Record<string, string | undefined> = process.env): Mailer {
  const renderer = new TemplateRenderer([...new Set([path.join(ctx.config.projectDir, 'emails'), BUILT_IN_EMAILS])]);
  const settings = smtpSettingsFromEnv(env);
  const smtp = settings ? createSmtpSender(settings) : undefined;
  const outbox = new Outbox();
  if (settings) ctx.log.info(`mail: SMTP ${settings.host}:${settings.port}`);
  else ctx.log.info(`mail: no SMTP_HOST, messages go to the dev outbox at ${ctx.config.publicUrl}/dev/outbox`);

  return {
    async sendTemplate(template, locale, to, vars) {
      const email = await renderer.renderEmail(template, locale, vars);
      const message = { to, subject: email.subject, html: email.html, text: email.text, template };
      if (!smtp) {
        outbox.add({ kind: 'email', ...message });
        return;
      }
      try {
        await smtp.send(message);
      } catch (e) {
        ctx.log.error(`mail: sending ${template} to ${to} failed`, e);
        throw new Error('The e-mail could not be sent');
      }
    },
    async sendSms(template, locale, to, vars) {
      const body = await renderer.renderSms(template, locale, vars);
      outbox.add({ kind: 'sms', to, body, template });
    },
    outbox: () => outbox.list(),
    router: createOutboxRouter(outbox, { adminSecret: ctx.config.adminSecret, smtpConfigured: Boolean(smtp) }),
  };
}
