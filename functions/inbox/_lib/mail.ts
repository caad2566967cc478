// Sends the inbox's e-mail: by SMTP when SMTP_* (or hasura-auth's AUTH_SMTP_*) is set, the same
// settings backend/mail uses; otherwise into the embedded backend's dev outbox (POST with the
// admin secret), so a developer reads replies at /dev/outbox. The endpoint is configurable
// (INBOX_OUTBOX_URL) so tests and deployments can point it elsewhere.
import nodemailer from 'nodemailer';
import { smtpSettingsFromEnv } from '../../../backend/mail/smtp';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

export function mailDomain(): string {
  return process.env.INBOX_MAIL_DOMAIN || 'staydesk.local';
}

function outboxUrl(): string | undefined {
  if (process.env.INBOX_OUTBOX_URL) return process.env.INBOX_OUTBOX_URL;
  const graphqlUrl = process.env.NHOST_GRAPHQL_URL;
  return graphqlUrl ? graphqlUrl.replace(/\/v1\/graphql\/?$/, '/dev/outbox') : undefined;
}

export async function sendMail(mail: OutgoingMail): Promise<void> {
  const smtp = smtpSettingsFromEnv(process.env);
  if (smtp) {
    const transport = nodemailer.createTransport({ host: smtp.host, port: smtp.port, secure: smtp.secure, auth: smtp.user ? { user: smtp.user, pass: smtp.pass ?? '' } : undefined });
    try {
      // messageId given separately: nodemailer would otherwise make up its own.
      const { 'Message-ID': messageId, ...headers } = mail.headers;
      await transport.sendMail({ from: smtp.sender, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, messageId, headers });
    } finally {
      transport.close();
    }
    return;
  }
  const url = outboxUrl();
  if (!url) throw new Error('No SMTP_HOST and no dev outbox to send to');
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-hasura-admin-secret': process.env.NHOST_ADMIN_SECRET ?? '' },
    body: JSON.stringify({ ...mail, template: 'inbox-reply' }),
    signal: AbortSignal.timeout(5000),
  });
  if (!res.ok) throw new Error(`The dev outbox answered HTTP ${res.status}`);
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** Plain text as a safe HTML body: escaped, line breaks kept. */
export function textToHtml(text: string): string {
  return `<div style="font-family:system-ui,sans-serif;white-space:pre-wrap">${escapeHtml(text)}</div>`;
}
