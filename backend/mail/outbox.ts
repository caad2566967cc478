// The dev outbox: where mail and SMS go when no SMTP server is configured. A person reads it at
// GET /dev/outbox (an HTML page of the running backend), tests at /dev/outbox.json.
// It holds magic links and codes, so only loopback callers or admin-secret holders may read it.
import crypto from 'node:crypto';
import express from 'express';
import type { MailMessage, SmsMessage } from '../context';
import { safeEqual } from '../secrets';
import { escapeHtml } from './render';

export type NewOutboxEntry = (MailMessage & { kind: 'email' }) | (SmsMessage & { kind: 'sms' });
export type OutboxEntry = NewOutboxEntry & { id: string; at: string };

const MAX_ENTRIES = 500;

export class Outbox {
  private readonly entries: OutboxEntry[] = [];

  add(entry: NewOutboxEntry): OutboxEntry {
    const stored: OutboxEntry = { ...entry, id: crypto.randomUUID(), at: new Date().toISOString() };
    this.entries.push(stored);
    if (this.entries.length > MAX_ENTRIES) this.entries.splice(0, this.entries.length - MAX_ENTRIES);
    return stored;
  }

  /** Oldest first. */
  list(): ReadonlyArray<OutboxEntry> {
    return this.entries;
  }

  clear(): void {
    this.entries.length = 0;
  }
}

export function createOutboxRouter(outbox: Outbox, opts: { adminSecret: string; smtpConfigured: boolean }): express.Router {
  const router = express.Router();
  router.use((req, res, next) => {
    // req.ip honours X-Forwarded-For from a local proxy, so a proxied remote caller is not "local".
    if (isLoopback(req.socket.remoteAddress) && isLoopback(req.ip)) return next();
    const given = req.headers['x-hasura-admin-secret'];
    if (typeof given === 'string' && safeEqual(given, opts.adminSecret)) return next();
    res.status(403).json({ status: 403, error: 'forbidden', message: 'The dev outbox is only readable from this machine or with the admin secret' });
  });
  const sendJson = (res: express.Response) => res.json(outbox.list());
  // Mounted at both /dev/outbox and /dev/outbox.json (see server.ts).
  router.get('/', (req, res) => {
    if (req.query.format === 'json' || req.baseUrl.endsWith('.json')) return sendJson(res);
    res.type('html').send(renderPage(outbox.list(), opts.smtpConfigured));
  });
  // Functions that send mail (inbox replies) deliver here when no SMTP server is configured. Only
  // with the admin secret, also from this machine: a local web page must not plant mail.
  router.post('/', express.json({ limit: '1mb' }), (req, res) => {
    const given = req.headers['x-hasura-admin-secret'];
    if (typeof given !== 'string' || !safeEqual(given, opts.adminSecret)) {
      res.status(403).json({ status: 403, error: 'forbidden', message: 'Sending to the dev outbox needs the admin secret' });
      return;
    }
    const body = req.body as Partial<MailMessage> | undefined;
    const headers = body?.headers && typeof body.headers === 'object' ? Object.fromEntries(Object.entries(body.headers).filter(([, v]) => typeof v === 'string')) : undefined;
    if (!body || typeof body.to !== 'string' || typeof body.subject !== 'string' || typeof body.html !== 'string') {
      res.status(400).json({ status: 400, error: 'invalid-body', message: 'to, subject and html are required strings' });
      return;
    }
    const entry = outbox.add({ kind: 'email', to: body.to, subject: body.subject, html: body.html, text: typeof body.text === 'string' ? body.text : undefined, template: typeof body.template === 'string' ? body.template : undefined, headers });
    res.status(201).json({ id: entry.id });
  });
  router.delete('/', (_req, res) => {
    outbox.clear();
    res.status(204).end();
  });
  return router;
}

function isLoopback(address: string | undefined): boolean {
  return address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1';
}

function renderPage(entries: ReadonlyArray<OutboxEntry>, smtpConfigured: boolean): string {
  const items = [...entries].reverse().map(renderEntry).join('\n');
  const note = smtpConfigured
    ? '<p class="note">SMTP is configured: e-mails go to the SMTP server; only SMS messages appear here.</p>'
    : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Staydesk dev outbox</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
 body{font-family:system-ui,sans-serif;margin:0;background:#f4f5f7;color:#1f2933}
 header{background:#0f4c5c;color:#fff;padding:16px 24px;display:flex;gap:16px;align-items:center}
 header h1{font-size:20px;margin:0;flex:1}
 header a,header button{color:#fff;background:transparent;border:1px solid #fff;border-radius:4px;padding:6px 10px;font:inherit;cursor:pointer;text-decoration:none}
 main{max-width:960px;margin:0 auto;padding:16px}
 article{background:#fff;border-radius:8px;box-shadow:0 1px 3px rgba(0,0,0,.12);margin:0 0 16px;padding:16px}
 article h2{font-size:17px;margin:0 0 4px}
 .meta{color:#52606d;font-size:13px;margin-bottom:8px}
 .tag{display:inline-block;background:#e4e7eb;border-radius:3px;padding:0 6px;margin-right:6px}
 iframe{width:100%;height:420px;border:1px solid #e4e7eb;border-radius:4px}
 pre{white-space:pre-wrap;background:#f4f5f7;padding:12px;border-radius:4px}
 .note,.empty{color:#52606d}
</style></head><body>
<header><h1>Staydesk dev outbox (${entries.length})</h1>
<a href="?format=json">JSON</a>
<button onclick="fetch(location.pathname,{method:'DELETE'}).then(()=>location.reload())">Clear</button>
<button onclick="location.reload()">Refresh</button></header>
<main>${note}${items || '<p class="empty">No messages yet. Sign up, request a magic link or reset a password and it shows up here.</p>'}</main>
</body></html>`;
}

function renderEntry(e: OutboxEntry): string {
  const meta = `<div class="meta"><span class="tag">${e.kind}</span><span class="tag">${escapeHtml(e.template ?? '')}</span>to <b>${escapeHtml(e.to)}</b> at ${escapeHtml(e.at)}</div>`;
  if (e.kind === 'sms') return `<article><h2>SMS</h2>${meta}<pre>${escapeHtml(e.body)}</pre></article>`;
  // The mail body is shown in a sandbox (no scripts, no same-origin); links open in a new tab.
  const doc = `<base target="_blank">${e.html}`;
  return `<article><h2>${escapeHtml(e.subject)}</h2>${meta}<iframe sandbox="allow-popups allow-popups-to-escape-sandbox" srcdoc="${escapeHtml(doc)}" title="${escapeHtml(e.subject)}"></iframe></article>`;
}
