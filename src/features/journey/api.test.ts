import { afterEach, describe, expect, it, vi } from 'vitest';
import { scanResponse } from '@/lib/functions/journey';
import { uploadScan } from './api';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('uploadScan', () => {
  it('names the journey in a header, never in the URL (access logs and Referer keep URLs)', async () => {
    const fetchMock = vi.fn().mockResolvedValue(new Response(JSON.stringify({ error: 'unreadable', messageKey: 'journey:errors.unreadable' }), { status: 422 }));
    vi.stubGlobal('fetch', fetchMock);
    const journeyId = '6f1c2b9e-1234-4000-8000-00000000abcd';
    const result = await uploadScan('/journey/scan', journeyId, new Blob([new Uint8Array([0xff, 0xd8, 0xff])]), { response: scanResponse });
    expect(result).toMatchObject({ ok: false, error: { status: 422, messageKey: 'journey:errors.unreadable' } });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toMatch(/\/journey\/scan$/);
    expect(url).not.toContain(journeyId);
    expect(init.headers).toMatchObject({ 'x-journey-id': journeyId, 'content-type': 'application/octet-stream' });
  });
});
