// journey/scan against photos made to stall the backend: a small PNG claiming a long strip of
// millions of pixels is refused from its header, before decoding; a large legal photo is read in a
// worker thread, so /healthz keeps answering at once during the scan; a reading past the time limit
// gives up ('unreadable') and the next photo still reads; one journey gets at most 20 scans per
// 10 minutes whatever the address.
import zlib from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningBackend } from '../../../backend/server';
import { composeMrz } from '../../../src/domain/mrz/compose';
import { renderDocumentPhoto } from '../../../scripts/mrz/render';
import { startTestBackend } from '../../helpers/backend';
import { withEnv } from '../../helpers/env';
import { makeStay, type Stay } from './fixtures';

let backend: RunningBackend;
let stay: Stay;
let ip = 0;

async function scan(bytes: Uint8Array, journeyId = stay.journeyId) {
  const started = performance.now();
  const res = await fetch(`${backend.url}/v1/functions/journey/scan`, {
    method: 'POST',
    headers: { 'content-type': 'application/octet-stream', 'x-forwarded-for': `10.19.${Math.floor(++ip / 250)}.${ip % 250}`, 'x-journey-id': journeyId },
    body: new Uint8Array(bytes),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown>, ms: performance.now() - started };
}

/**
 * A photo of random 8 px black and white blocks: no MRZ, but thousands of candidate characters;
 * read on the main thread it blocked the event loop 2-3 s at a stretch (6 s in all).
 */
async function makeBlockPhoto(width: number, height: number, cell = 8): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const c = Math.floor(x / cell) * 7919 + Math.floor(y / cell) * 104729;
      pixels[y * width + x] = ((c * 2654435761) >>> 0) % 2 ? 20 : 235;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 1 } }).png().toBuffer();
}

/** The 2400 x 2400 block photo, made once: two tests read it (its pixels and PNG cost ~0.4 s of CPU). */
let blockPhoto2400: Promise<Buffer> | undefined;
const blockPhoto = () => (blockPhoto2400 ??= makeBlockPhoto(2400, 2400));

/**
 * A valid PNG of `width` x `height` white pixels at 1 bit per pixel, written by hand: a few kB
 * however many pixels it claims, like a hostile upload. (sharp encoding the same sizes at 8 bits
 * RGB cost 2.8 s of CPU for the three below; decoding any of them still takes seconds.)
 */
function whitePng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([1, 0, 0, 0, 0], 8); // 1 bit, greyscale, deflate, no filter method, not interlaced
  // Each row: filter type 0 (none), then the pixels, all bits set (white).
  const row = Buffer.alloc(1 + Math.ceil(width / 8), 0xff);
  row[0] = 0;
  const pixels = zlib.deflateSync(Buffer.concat(Array.from({ length: height }, () => row)), { level: 9 });
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', pixels), chunk('IEND', Buffer.alloc(0))]);
}

const passport = composeMrz({ kind: 'passport', issuingCountry: 'HU', nationality: 'HU', lastName: 'Kovács', firstName: 'Anna Mária', documentNumber: 'BA1234567', birthDate: '1985-04-12', expiryDate: '2031-05-01', sex: 'female' });

beforeAll(async () => {
  backend = await startTestBackend();
  stay = await makeStay(backend);
}, 120_000);
afterAll(async () => {
  await backend?.close();
});

describe('journey/scan under hostile photos', () => {
  it('refuses long strips and oversized pixel counts from the header, without decoding them', async () => {
    const strip = whitePng(2400, 10000);
    const needle = whitePng(600, 40000);
    const huge = whitePng(5200, 5200);
    // Cut off after its header: decoding it fails (400 not-an-image), so 'photo-size' can only come
    // from the header, however fast or slow the machine.
    const cut = strip.subarray(0, 64);
    for (const [bytes, width, height] of [[strip, 2400, 10000], [needle, 600, 40000], [huge, 5200, 5200], [cut, 2400, 10000]] as const) {
      // What the photo claims, as a decoder reads its header.
      expect(await sharp(bytes, { limitInputPixels: false }).metadata()).toMatchObject({ format: 'png', width, height });
      const res = await scan(bytes);
      expect(res).toMatchObject({ status: 422, body: { error: 'photo-size', messageKey: 'journey:errors.photoSize', field: 'file' } });
      // Decoding and reading any of them used to take 40-85 s; the header alone takes milliseconds.
      expect(res.ms).toBeLessThan(3000);
    }
  }, 60_000);

  it('keeps /healthz answering while a large photo is read', async () => {
    const photo = await blockPhoto();
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
    const photo = await blockPhoto();
    const slow = await withEnv({ JOURNEY_SCAN_TIME_LIMIT_MS: '300' }, () => scan(photo));
    expect(slow).toMatchObject({ status: 422, body: { error: 'unreadable', messageKey: 'journey:errors.unreadable' } });
    expect(slow.ms).toBeLessThan(5000);
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
