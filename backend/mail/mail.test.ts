// Mail: template rendering (en/hu, escaping, fallbacks), the dev outbox page and JSON, and SMTP
// delivery checked by a small SMTP test double.
import http from 'node:http';
import net from 'node:net';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import type { Logger, MailMessage, SmsMessage } from '../context';
import { createMailer } from './index';
import { TemplateRenderer, htmlToText } from './render';

const quiet: Logger = { info: () => undefined, warn: () => undefined, error: () => undefined };
const config = loadConfig({ project: 'nhost', port: '0' }, { NODE_ENV: 'test' });
const ctx = { config, log: quiet };
const vars = { link: 'https://x.test/v1/auth/verify?ticket=a&type=emailVerify', displayName: 'Kiss <Anna>', email: 'anna@example.com', newEmail: 'new@example.com', code: '123456' };

describe('template rendering', () => {
  const renderer = new TemplateRenderer([`${config.projectDir}/emails`]);
  const templates = ['email-verify', 'email-confirm-change', 'signin-passwordless', 'signin-otp', 'password-reset'];

  it.each(['en', 'hu'])('renders every template in %s with no placeholder left', async (locale) => {
    for (const t of templates) {
      const mail = await renderer.renderEmail(t, locale, vars);
      expect(mail.subject.length).toBeGreaterThan(5);
      expect(mail.html + mail.subject).not.toMatch(/\$\{/);
      expect(mail.html).toContain(`lang="${locale}"`);
    }
    expect(await renderer.renderSms('signin-passwordless-sms', locale, vars)).toContain('123456');
  });

  it('HTML-escapes values in the body and keeps links usable', async () => {
    const mail = await renderer.renderEmail('email-verify', 'en', vars);
    expect(mail.html).toContain('Kiss &lt;Anna&gt;');
    expect(mail.html).not.toContain('<Anna>');
    expect(mail.html).toContain('href="https://x.test/v1/auth/verify?ticket=a&amp;type=emailVerify"');
    expect(mail.text).toContain('https://x.test/v1/auth/verify?ticket=a&type=emailVerify');
  });

  it('writes Hungarian for hu and English for en', async () => {
    expect((await renderer.renderEmail('password-reset', 'hu', vars)).subject).toBe('Új jelszó beállítása a Staydesknél');
    expect((await renderer.renderEmail('password-reset', 'en', vars)).subject).toBe('Reset your Staydesk password');
    expect((await renderer.renderEmail('signin-otp', 'hu', vars)).subject).toBe('Staydesk bejelentkezési kódod: 123456');
  });

  it('falls back to en for an unknown locale and to email-verify for an unknown template', async () => {
    expect((await renderer.renderEmail('password-reset', 'de', vars)).subject).toBe('Reset your Staydesk password');
    expect((await renderer.renderEmail('no-such-template', 'hu', vars)).subject).toBe('Erősítsd meg az e-mail-címedet a Staydesknél');
    // A locale or template name cannot climb out of the templates folder.
    expect((await renderer.renderEmail('../../../etc', '../..', vars)).subject).toBe('Verify your e-mail address for Staydesk');
  });

  it('keeps subject values on one line', async () => {
    const mail = await renderer.renderEmail('signin-otp', 'en', { ...vars, code: '1\r\nBcc: evil@x.test' });
    expect(mail.subject).not.toMatch(/[\r\n]/);
  });

  it('turns HTML into readable text', () => {
    expect(htmlToText('<p>Hi &amp; <b>you</b></p><p><a href="https://a.test/?x=1&amp;y=2">Go</a></p>')).toBe('Hi & you\nGo (https://a.test/?x=1&y=2)');
  });
});

describe('dev outbox', () => {
  let server: http.Server | undefined;
  afterEach(() => server?.close());

  async function serve(router: express.Router): Promise<string> {
    const app = express();
    app.set('trust proxy', 'loopback');
    app.use(['/dev/outbox.json', '/dev/outbox'], router);
    server = http.createServer(app);
    await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
    const addr = server.address() as net.AddressInfo;
    return `http://127.0.0.1:${addr.port}`;
  }

  it('keeps mails and SMS and shows them on a page and as JSON, newest first on the page', async () => {
    const mailer = createMailer(ctx, {});
    await mailer.sendTemplate('email-verify', 'hu', 'anna@example.com', vars);
    await mailer.sendSms('signin-passwordless-sms', 'en', '+36301234567', { code: '987654' });
    const [mail, sms] = mailer.outbox() as [MailMessage, SmsMessage];
    expect(mail).toMatchObject({ to: 'anna@example.com', template: 'email-verify', subject: 'Erősítsd meg az e-mail-címedet a Staydesknél' });
    expect(sms).toMatchObject({ to: '+36301234567', template: 'signin-passwordless-sms', body: expect.stringContaining('987654') });

    const url = await serve(mailer.router);
    const json = await (await fetch(`${url}/dev/outbox.json`)).json();
    expect(json).toHaveLength(2);
    expect(json[0]).toMatchObject({ kind: 'email', to: 'anna@example.com', html: expect.stringContaining(vars.link.replace('&', '&amp;')) });
    expect(await (await fetch(`${url}/dev/outbox?format=json`)).json()).toEqual(json);

    const page = await fetch(`${url}/dev/outbox`);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    const html = await page.text();
    expect(html.indexOf('+36301234567')).toBeLessThan(html.indexOf('anna@example.com'));
    // The mail body sits escaped in a sandboxed iframe: its markup cannot run in the page.
    expect(html).toMatch(/<iframe sandbox="allow-popups allow-popups-to-escape-sandbox" srcdoc="[^"]*&lt;b&gt;anna@example.com/);
    expect(html).not.toContain('<b>anna@example.com</b> a te');

    expect((await fetch(`${url}/dev/outbox`, { method: 'DELETE' })).status).toBe(204);
    expect(mailer.outbox()).toHaveLength(0);
  });

  it('is not readable by a caller coming through a proxy from elsewhere, unless the admin secret is given', async () => {
    const mailer = createMailer(ctx, {});
    const url = await serve(mailer.router);
    const remote = { 'x-forwarded-for': '203.0.113.9' };
    expect((await fetch(`${url}/dev/outbox.json`, { headers: remote })).status).toBe(403);
    expect((await fetch(`${url}/dev/outbox.json`, { headers: { ...remote, 'x-hasura-admin-secret': 'wrong' } })).status).toBe(403);
    expect((await fetch(`${url}/dev/outbox.json`, { headers: { ...remote, 'x-hasura-admin-secret': config.adminSecret } })).status).toBe(200);
  });
});

/** A tiny SMTP server (RFC 5321 happy path + AUTH PLAIN) that records what it receives. */
async function startSmtpDouble(): Promise<{ port: number; received: Array<{ from: string; to: string[]; data: string; auth?: string }>; close(): void }> {
  const received: Array<{ from: string; to: string[]; data: string; auth?: string }> = [];
  const server = net.createServer((socket) => {
    let buffer = '';
    let inData = false;
    let current = { from: '', to: [] as string[], data: '', auth: undefined as string | undefined };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 smtp.test ESMTP');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          current.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          received.push(current);
          current = { from: '', to: [], data: '', auth: current.auth };
          reply('250 OK queued');
          continue;
        }
        const nl = buffer.indexOf('\r\n');
        if (nl < 0) return;
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 2);
        const verb = line.split(' ')[0].toUpperCase();
        if (verb === 'EHLO') socket.write('250-smtp.test\r\n250-AUTH PLAIN\r\n250 8BITMIME\r\n');
        else if (verb === 'AUTH') {
          current.auth = Buffer.from(line.split(' ')[2] ?? '', 'base64').toString('utf8');
          reply('235 Authentication successful');
        } else if (verb === 'MAIL') {
          current.from = line;
          reply('250 OK');
        } else if (verb === 'RCPT') {
          current.to.push(line);
          reply('250 OK');
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 End data with <CR><LF>.<CR><LF>');
        } else if (verb === 'QUIT') {
          reply('221 Bye');
          socket.end();
        } else reply('250 OK');
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { port: (server.address() as net.AddressInfo).port, received, close: () => server.close() };
}

describe('SMTP delivery', () => {
  it('sends the rendered template to the SMTP server with the configured sender and credentials', async () => {
    const smtp = await startSmtpDouble();
    try {
      const env = { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port), SMTP_USER: 'mailer', SMTP_PASS: 's3cret', SMTP_SECURE: 'false', SMTP_SENDER: 'Staydesk <hello@staydesk.test>' };
      const mailer = createMailer(ctx, env);
      await mailer.sendTemplate('password-reset', 'hu', 'anna@example.com', vars);
      expect(smtp.received).toHaveLength(1);
      const msg = smtp.received[0];
      expect(msg.auth).toBe('\0mailer\0s3cret');
      expect(msg.from).toContain('<hello@staydesk.test>');
      expect(msg.to).toEqual(['RCPT TO:<anna@example.com>']);
      expect(msg.data).toMatch(/^Subject: =\?UTF-8\?/m); // the Hungarian subject, MIME-encoded
      expect(msg.data).toContain('text/html');
      expect(msg.data).toContain('text/plain');
      expect(mailer.outbox()).toHaveLength(0);
    } finally {
      smtp.close();
    }
  });

  it('reports a clear error when the SMTP server cannot be reached', async () => {
    const probe = net.createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    const port = (probe.address() as net.AddressInfo).port;
    probe.close();
    const mailer = createMailer(ctx, { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(port) });
    await expect(mailer.sendTemplate('email-verify', 'en', 'a@example.com', vars)).rejects.toThrow('The e-mail could not be sent');
  });
});
