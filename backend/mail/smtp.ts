// SMTP settings from the environment: SMTP_* (this project) or AUTH_SMTP_* (hasura-auth's names),
// so a deployment configured for Nhost's auth service sends mail the same way here.
import type { Transporter } from 'nodemailer';
import type { MailMessage } from '../context';
import { lazy } from '../lazy';

export interface SmtpSettings {
  host: string;
  port: number;
  secure: boolean;
  user?: string;
  pass?: string;
  sender: string;
}

const DEFAULT_SENDER = 'Staydesk <no-reply@staydesk.local>';

export function smtpSettingsFromEnv(env: Record<string, string | undefined>): SmtpSettings | undefined {
  const get = (name: string) => env[`SMTP_${name}`] || env[`AUTH_SMTP_${name}`] || undefined;
  const host = get('HOST');
  if (!host) return undefined;
  const secure = get('SECURE') === 'true';
  const port = Number(get('PORT') ?? (secure ? 465 : 587));
  if (!Number.isInteger(port) || port <= 0 || port > 65535) throw new Error(`SMTP_PORT must be a port number, got ${get('PORT')}`);
  return { host, port, secure, user: get('USER'), pass: get('PASS'), sender: get('SENDER') ?? DEFAULT_SENDER };
}

export interface SmtpSender {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export function createSmtpSender(settings: SmtpSettings): SmtpSender {
  // nodemailer (~0.1 s of CPU to load) loads with the first message: most starts send none.
  let transport: Transporter | undefined;
  const open = lazy(() =>
    import('nodemailer').then(({ default: nodemailer }) => {
      transport = nodemailer.createTransport({
        host: settings.host,
        port: settings.port,
        secure: settings.secure,
        auth: settings.user ? { user: settings.user, pass: settings.pass ?? '' } : undefined,
      });
      return transport;
    }),
    { what: 'the mail module (nodemailer)' },
  );
  return {
    async send(message) {
      await (await open()).sendMail({ from: settings.sender, to: message.to, subject: message.subject, html: message.html, text: message.text, headers: message.headers });
    },
    close: () => transport?.close(),
  };
}
