// Test helpers for the auth service: a real HasuraAuthClient with in-memory storage, raw JSON
// calls, and reading links and codes out of the dev outbox (placeholder or rendered mail).
import { HasuraAuthClient } from '@nhost/hasura-auth-js';
import type { RunningBackend } from '../../server';
import type { MailMessage, SmsMessage } from '../../context';

export function memoryStorage(): { getItem(k: string): string | null; setItem(k: string, v: string): void; removeItem(k: string): void } {
  const m = new Map<string, string>();
  return {
    getItem: (k) => m.get(k) ?? null,
    setItem: (k, v) => void m.set(k, v),
    removeItem: (k) => void m.delete(k),
  };
}

export function authUrl(backend: RunningBackend): string {
  return `${backend.url}/v1/auth`;
}

export function authClient(backend: RunningBackend, opts: { autoRefreshToken?: boolean; refreshIntervalTime?: number } = {}): HasuraAuthClient {
  return new HasuraAuthClient({
    url: authUrl(backend),
    clientStorageType: 'custom',
    clientStorage: memoryStorage(),
    autoRefreshToken: opts.autoRefreshToken ?? false,
    autoSignIn: false,
    refreshIntervalTime: opts.refreshIntervalTime,
  });
}

export interface JsonResponse<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

export async function post<T = unknown>(backend: RunningBackend, path: string, body?: unknown, token?: string, raw?: string): Promise<JsonResponse<T>> {
  const res = await fetch(`${authUrl(backend)}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: raw ?? (body === undefined ? undefined : JSON.stringify(body)),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T, headers: res.headers };
}

export async function get<T = unknown>(backend: RunningBackend, path: string, token?: string): Promise<JsonResponse<T>> {
  const res = await fetch(`${authUrl(backend)}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {}, redirect: 'manual' });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // redirects and HTML answer non-JSON
  }
  return { status: res.status, body: body as T, headers: res.headers };
}

function messageText(m: MailMessage | SmsMessage): string {
  const parts = 'html' in m ? [m.subject, m.html, m.text ?? ''] : [m.body];
  // The placeholder mailer stores JSON with escaped slashes/ampersands; the real one renders HTML entities.
  return parts
    .join('\n')
    .replace(/\\u0026/g, '&')
    .replace(/&amp;/g, '&')
    .replace(/\\\//g, '/');
}

/** The newest message to `to` (optionally of one template); the auth endpoints await the send, so it is there. */
export function lastMessage(backend: RunningBackend, to: string, template?: string): MailMessage | SmsMessage {
  const box = backend.mailer.outbox();
  for (let i = box.length - 1; i >= 0; i--) {
    const m = box[i];
    if (m.to === to && (!template || m.template === template)) return m;
  }
  throw new Error(`no message to ${to}${template ? ` (${template})` : ''}`);
}

/** The /verify link in the newest message to `to`. */
export function verifyLink(backend: RunningBackend, to: string, template?: string): string {
  const text = messageText(lastMessage(backend, to, template));
  const m = /https?:\/\/[^\s"'<>]+\/verify\?[^\s"'<>]+/.exec(text);
  if (!m) throw new Error(`no /verify link in message to ${to}`);
  return m[0];
}

/** A 6-digit code in the newest message to `to`. */
export function otpCode(backend: RunningBackend, to: string, template?: string): string {
  const text = messageText(lastMessage(backend, to, template));
  const m = /(?<![0-9a-f-])(\d{6})(?![0-9a-f-])/i.exec(text);
  if (!m) throw new Error(`no code in message to ${to}`);
  return m[1];
}

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${Math.random().toString(36).slice(2, 10)}@example.com`;
}

/** Follows a /verify link without following the redirect: returns the Location URL. */
export async function openLink(link: string): Promise<URL> {
  const res = await fetch(link, { redirect: 'manual' });
  const location = res.headers.get('location');
  if (res.status !== 302 || !location) throw new Error(`expected a 302 from ${link}, got ${res.status}`);
  return new URL(location);
}

export function decodeJwt(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as Record<string, unknown>;
}

export const HASURA_NS = 'https://hasura.io/jwt/claims';
