// journey/scan against photos made to stall the backend: a small PNG claiming a long strip of
// millions of pixels is refused from its header, before decoding; a large legal photo is read in a
// worker thread, so /healthz keeps answering at once during the scan; a reading past the time limit
// gives up ('unreadable') and the next photo still reads; one journey gets at most 20 scans per
// 10 minutes whatever the address.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningBackend } from '../../../backend/server';
import { composeMrz } from '../../../src/domain/mrz/compose';
import { renderDocumentPhoto } from '../../../scripts/mrz/render';
import { startTestBackend } from '../../helpers/backend';
import { makeStay, type Stay } from './fixtures';

let backend: RunningBackend;
let stay: Stay;
let ip = 0;

async function scan(bytes: Uint8Array, journeyId = stay.journeyId) {
  const started = performance.now();
  const res = await fetch(`${backend.url}/v1/functions/journey/scan`, {
    method: 'POST',
    headers: { 'content-type': 'application/octet-stream', 'x-forwarded-for': `10.9.${Math.floor(++ip / 250)}.${ip % 250}`, 'x-journey-id': journeyId },
    body: new Uint8Array(bytes),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown>, ms: performance.now() - started };
}

/**
 * A photo of random 8 px black and white blocks: no MRZ, but thousands of candidate characters;
 * read on the main thread it blocked the event loop 2-3 s at a stretch (6 s in all).
 */
async function blockPhoto(width: number, height: number, cell = 8): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const c = Math.floor(x / cell) * 7919 + Math.floor(y / cell) * 104729;
      pixels[y * width + x] = ((c * 2654435761) >>> 0) % 2 ? 20 : 235;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 1 } }).png().toBuffer();
}

const passport = composeMrz({ kind: 'passport', issuingCountry: 'HU', nationality: 'HU', lastName: 'Kovács', firstName: 'Anna Mária', documentNumber: 'BA1234567', birthDate: '1985-04-12', expiryDate: '2031-05-01', sex: 'female' });

beforeAll(async () => {
  backend = await startTestBackend();
  stay = await makeStay(backend);
}, 120_000);
afterAll(async () => {
  delete process.env.JOURNEY_SCAN_TIME_LIMIT_MS;
  await backend?.close();
});

describe('journey/scan under hostile photos', () => {
  it('refuses long strips and oversized pixel counts from the header, without decoding them', async () => {
    const strip = await sharp({ create: { width: 2400, height: 10000, channels: 3, background: '#f2eee4' } }).png().toBuffer();
    const needle = await sharp({ create: { width: 600, height: 40000, channels: 3, background: '#fff' } }).png().toBuffer();
    const huge = await sharp({ create: { width: 5200, height: 5200, channels: 3, background: '#fff' } }).png().toBuffer();
    for (const bytes of [strip, needle, huge]) {
      const res = await scan(bytes);
      expect(res).toMatchObject({ status: 422, body: { error: 'photo-size', messageKey: 'journey:errors.photoSize', field: 'file' } });
      // Decoding any of them used to take 40-85 s; the header alone takes milliseconds.
      expect(res.ms).toBeLessThan(3000);
    }
  }, 60_000);

  it('keeps /healthz answering while a large photo is read', async () => {
    const photo = await blockPhoto(2400, 2400);
    // The backend runs in this process: a blocked event loop shows as a long wait between two
    // answers of the probe (which asks again 50 ms after each answer).
    const answeredAt: number[] = [performance.now()];
    let scanning = true;
    const probe = (async () => {
      while (scanning) {
        const res = await fetch(`${backend.url}/healthz`);
        expect(res.status).toBe(200);
        answeredAt.push(performance.now());
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    const res = await scan(photo);
    scanning = false;
    await probe;
    expect(res.status).toBe(422);
    const waits = answeredAt.slice(1).map((t, i) => t - answeredAt[i]);
    // The scan took seconds; the health check was answered all along (with the reading on the
    // main thread it waited 2-3 s at a stretch).
    expect(res.ms).toBeGreaterThan(1000);
    expect(waits.length).toBeGreaterThan(res.ms / 1000);
    expect(Math.max(...waits)).toBeLessThan(1000);
  }, 90_000);

  it('gives up a reading past the time limit, and the next photo reads in a fresh worker', async () => {
    process.env.JOURNEY_SCAN_TIME_LIMIT_MS = '300';
    try {
      const slow = await scan(await blockPhoto(2400, 2400));
      expect(slow).toMatchObject({ status: 422, body: { error: 'unreadable', messageKey: 'journey:errors.unreadable' } });
      expect(slow.ms).toBeLessThan(5000);
    } finally {
      delete process.env.JOURNEY_SCAN_TIME_LIMIT_MS;
    }
    const good = await scan(await renderDocumentPhoto(passport, 'photo', 1001));
    expect(good).toMatchObject({ status: 200, body: { fields: { documentId: 'BA1234567' } } });
  }, 90_000);

  it('counts scans per journey as well as per address', async () => {
    const other = await makeStay(backend);
    const tiny = Buffer.from('not a photo');
    for (let i = 0; i < 20; i++) expect((await scan(tiny, other.journeyId)).status).toBe(400);
    expect(await scan(tiny, other.journeyId)).toMatchObject({ status: 429, body: { error: 'too-many-attempts' } });
    // Another journey from the same kind of addresses is not affected.
    expect((await scan(tiny, stay.journeyId)).status).toBe(400);
  }, 60_000);
});
