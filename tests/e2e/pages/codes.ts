// One-time codes the embedded backend sent (e-mail or SMS), read from its dev outbox.
import { expect, type APIRequestContext } from '@playwright/test';

const BACKEND_URL = `http://localhost:${process.env.E2E_BACKEND_PORT ?? 1437}`;

interface OutboxEntry {
  kind: 'email' | 'sms';
  to: string;
  html?: string;
  body?: string;
  template?: string;
}

async function messagesTo(request: APIRequestContext, to: string, template: string): Promise<OutboxEntry[]> {
  const entries = (await (await request.get(`${BACKEND_URL}/dev/outbox.json`)).json()) as OutboxEntry[];
  return entries.filter((e) => e.to === to && e.template === template);
}

/** How many messages from `template` went to `to` so far (to wait for the next one). */
export async function countMessages(request: APIRequestContext, to: string, template: string): Promise<number> {
  return (await messagesTo(request, to, template)).length;
}

/** The six-digit code in message number `index` (0-based) to `to`, waiting for it to arrive. */
export async function codeFromOutbox(request: APIRequestContext, to: string, template: string, index: number): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const message = (await messagesTo(request, to, template))[index];
      const text = message ? (message.kind === 'sms' ? (message.body ?? '') : (message.html ?? '').replace(/<[^>]*>/g, ' ')) : '';
      code = /\b(\d{6})\b/.exec(text)?.[1] ?? '';
      return code;
    })
    .not.toBe('');
  return code;
}

/** Auth service base URL of the e2e backend, for calls a script would make (PAT sign-in). */
export const E2E_AUTH_URL = `${BACKEND_URL}/v1/auth`;
