import type { Request, Response } from 'express';
import { describe, expect, it } from 'vitest';
import { withEnv } from '../../tests/helpers/env';
import { isFromTrigger, requireTrigger } from './webhook';

const req = (headers: Record<string, string>) => ({ header: (n: string) => headers[n.toLowerCase()] }) as unknown as Request;
describe('trigger webhook secret', () => {
  it('accepts only the project secret, and nothing when no secret is configured', async () => {
    await withEnv({ NHOST_WEBHOOK_SECRET: 's3cret' }, async () => {
      expect(isFromTrigger(req({ 'nhost-webhook-secret': 's3cret' }))).toBe(true);
      expect(isFromTrigger(req({ 'nhost-webhook-secret': 's3cret ' }))).toBe(false);
      expect(isFromTrigger(req({ 'nhost-webhook-secret': '' }))).toBe(false);
      expect(isFromTrigger(req({}))).toBe(false);
    });
    await withEnv({ NHOST_WEBHOOK_SECRET: undefined }, async () => {
      expect(isFromTrigger(req({ 'nhost-webhook-secret': '' }))).toBe(false);
    });
  });

  it('answers 401 without running the handler', async () => {
    await withEnv({ NHOST_WEBHOOK_SECRET: 's3cret' }, async () => {
      const sent: { status?: number; body?: unknown } = {};
      const res = { status(s: number) { sent.status = s; return this; }, json(b: unknown) { sent.body = b; return this; } } as unknown as Response;
      expect(requireTrigger(req({ 'nhost-webhook-secret': 'guess' }), res)).toBe(false);
      expect(sent.status).toBe(401);
    });
  });
});
