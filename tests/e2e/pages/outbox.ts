// Reads the embedded backend's dev outbox (where mail goes without SMTP) to follow e-mailed links.
import { expect, type APIRequestContext } from '@playwright/test';

const BACKEND_URL = `http://localhost:${process.env.E2E_BACKEND_PORT ?? 1437}`;

interface OutboxEntry {
  kind: 'email' | 'sms';
  to: string;
  html?: string;
  body?: string;
  template?: string;
}

/** The link in the newest mail to `to` from `template`, waiting for it to arrive. */
export async function linkFromOutbox(request: APIRequestContext, to: string, template: string): Promise<string> {
  let link = '';
  await expect
    .poll(async () => {
      const entries = (await (await request.get(`${BACKEND_URL}/dev/outbox.json`)).json()) as OutboxEntry[];
      const mail = entries.filter((e) => e.kind === 'email' && e.to === to && e.template === template).pop();
      const match = mail?.html?.match(/href="([^"]*\/verify\?[^"]*)"/);
      link = match?.[1]?.replace(/&amp;/g, '&') ?? '';
      return link;
    })
    .not.toBe('');
  return link;
}
