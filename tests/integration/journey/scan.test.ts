// The document scan (journey/scan): JPG and PNG only, by their bytes; at most 5 MB; a generated
// passport photo read into form fields; and the photo written nowhere: no new file in the temp
// folder or the backend's data folder holds it, storage has no new file, no database row holds it,
// and nothing the backend logs carries its bytes.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningBackend } from '../../../backend/server';
import { composeMrz } from '../../../src/domain/mrz/compose';
import { renderDocumentPhoto } from '../../../scripts/mrz/render';
import { startTestBackend } from '../../helpers/backend';
import { admin, makeStay, type Stay } from './fixtures';

let backend: RunningBackend;
let stay: Stay;
let ip = 0;

async function scan(bytes: Uint8Array, journeyId = stay.journeyId, contentType = 'application/octet-stream') {
  const res = await fetch(`${backend.url}/v1/functions/journey/scan`, {
    method: 'POST',
    headers: { 'content-type': contentType, 'x-forwarded-for': `10.8.0.${++ip}`, 'x-journey-id': journeyId },
    body: new Uint8Array(bytes),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const passport = composeMrz({ kind: 'passport', issuingCountry: 'HU', nationality: 'HU', lastName: 'Kovács', firstName: 'Anna Mária', documentNumber: 'BA1234567', birthDate: '1985-04-12', expiryDate: '2031-05-01', sex: 'female' });

/** Files under `dir` (two levels) changed since `since`, with a readable size. */
function changedFiles(dir: string, since: number, depth = 2): string[] {
  const out: string[] = [];
  let entries: fs.Dirent[] = [];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return out;
  }
  for (const e of entries) {
    const full = path.join(dir, e.name);
    try {
      if (e.isDirectory() && depth > 0) out.push(...changedFiles(full, since, depth - 1));
      else if (e.isFile() && fs.statSync(full).mtimeMs >= since && fs.statSync(full).size < 50_000_000) out.push(full);
    } catch {
      // Another process's file vanished meanwhile.
    }
  }
  return out;
}

beforeAll(async () => {
  backend = await startTestBackend();
  stay = await makeStay(backend);
}, 120_000);
afterAll(async () => {
  await backend?.close();
});

describe('journey/scan', () => {
  it('accepts only JPG and PNG by content, whatever the name or type says', async () => {
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    const pdf = Buffer.from('%PDF-1.7\n1 0 obj<<>>endobj\n');
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } }).gif().toBuffer();
    const webp = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } }).webp().toBuffer();
    for (const bytes of [html, pdf, gif, webp, Buffer.from([0xff, 0xd8, 0xff, 0x00, 0x01])]) {
      const res = await scan(bytes, stay.journeyId, 'image/jpeg');
      expect(res.status, bytes.subarray(0, 8).toString('hex')).toBe(400);
      const again = await scan(bytes);
      expect(again).toMatchObject({ status: 400, body: { error: 'not-an-image', messageKey: 'journey:errors.notAnImage' } });
    }
  });

  it('refuses oversized photos and wrong journey ids', async () => {
    const big = Buffer.alloc(5 * 1024 * 1024 + 1, 0);
    big.set([0xff, 0xd8, 0xff], 0);
    expect(await scan(big)).toMatchObject({ status: 413, body: { error: 'too-large', messageKey: 'journey:errors.tooLarge' } });
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } }).png().toBuffer();
    expect(await scan(png, 'not-a-uuid')).toMatchObject({ status: 400, body: { field: 'journeyId' } });
    expect(await scan(png, '6f1c2b9e-0000-4000-8000-000000000000')).toMatchObject({ status: 404, body: { messageKey: 'journey:errors.notFound' } });
  });

  it('takes the journey only from its header, never from the URL (access logs, Referer)', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } }).png().toBuffer();
    const post = (url: string, headers: Record<string, string>, body: Uint8Array<ArrayBuffer> = new Uint8Array(png)) =>
      fetch(`${backend.url}/v1/functions/journey/scan${url}`, { method: 'POST', headers: { 'content-type': 'application/octet-stream', 'x-forwarded-for': `10.8.1.${++ip}`, ...headers }, body }).then(async (r) => ({ status: r.status, body: (await r.json()) as Record<string, unknown> }));
    const missing = await post('', {});
    expect(missing).toMatchObject({ status: 400, body: { field: 'journeyId', messageKey: 'journey:errors.invalid' } });
    // The old way, alone or next to the header: refused, so no client keeps putting it in URLs.
    expect(await post(`?journeyId=${stay.journeyId}`, {})).toMatchObject({ status: 400, body: { field: 'journeyId' } });
    expect(await post(`?journeyId=${stay.journeyId}`, { 'x-journey-id': stay.journeyId })).toMatchObject({ status: 400, body: { field: 'journeyId' } });
    for (const wrong of ['not-a-uuid', `${stay.journeyId}, ${stay.journeyId}`, `${stay.journeyId}' OR '1'='1`, 'x'.repeat(4000)]) {
      expect(await post('', { 'x-journey-id': wrong }), wrong.slice(0, 40)).toMatchObject({ status: 400, body: { field: 'journeyId' } });
    }
    // Another guest's journey that is not open yet is refused like any closed journey; a known, open one reads the photo.
    const later = await makeStay(backend, { daysAhead: 30 });
    expect(await post('', { 'x-journey-id': later.journeyId })).toMatchObject({ status: 403, body: { error: 'not-open' } });
    expect(await post('', { 'x-journey-id': stay.journeyId.toUpperCase() })).toMatchObject({ status: 422, body: { error: 'unreadable' } });
    // The header does not lift the size and type checks.
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set([0xff, 0xd8, 0xff], 0);
    expect(await post('', { 'x-journey-id': stay.journeyId }, big)).toMatchObject({ status: 413, body: { error: 'too-large' } });
    expect(await post('', { 'x-journey-id': stay.journeyId }, new Uint8Array(Buffer.from('%PDF-1.7\n')))).toMatchObject({ status: 400, body: { error: 'not-an-image' } });
  });

  it("says 'Unable to extract information from the uploaded photo' for a photo without an MRZ", async () => {
    const blank = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#f2eee4' } }).jpeg().toBuffer();
    expect(await scan(blank)).toMatchObject({ status: 422, body: { error: 'unreadable', messageKey: 'journey:errors.unreadable' } });
  });

  it('reads a passport photo into the form fields and keeps the photo nowhere', async () => {
    // A seed of its own: no other test (the e2e uploads seed 1001) leaves these exact bytes in the temp folder.
    const photo = await renderDocumentPhoto(passport, 'photo', 2002);
    const marker = photo.subarray(200, 264);
    const base64 = photo.toString('base64').slice(300, 360);
    const watched = [os.tmpdir(), backend.ctx.config.dataDir];
    const filesBefore = await admin<{ files_aggregate?: unknown; filesAggregate?: { aggregate: { count: number } } }>(backend, `query { filesAggregate { aggregate { count } } }`);
    const logged: string[] = [];
    const writes = [process.stdout, process.stderr].map((stream) => {
      const original = stream.write.bind(stream);
      stream.write = ((chunk: unknown, ...rest: unknown[]) => {
        logged.push(Buffer.isBuffer(chunk) ? chunk.toString('latin1') : String(chunk));
        return (original as (...a: unknown[]) => boolean)(chunk, ...rest);
      }) as typeof stream.write;
      return () => (stream.write = original);
    });
    const started = Date.now() - 1;
    let res;
    try {
      res = await scan(photo);
    } finally {
      writes.forEach((restore) => restore());
    }
    expect(res).toMatchObject({ status: 200, body: { fields: { firstName: 'Anna Maria', lastName: 'Kovacs', dob: '1985-04-12', gender: 'female', nationality: 'HU', documentType: 'passport', documentId: 'BA1234567', documentExpiry: '2031-05-01' } } });
    // Nothing on disk: no file changed during the scan holds the photo's bytes, and libvips left no temp file.
    for (const file of watched.flatMap((dir) => changedFiles(dir, started))) {
      expect(path.basename(file)).not.toMatch(/^vips-/);
      let content: Buffer;
      try {
        content = fs.readFileSync(file);
      } catch {
        // Another process's file, gone since it was listed (the temp folder is the machine's).
        continue;
      }
      expect(content.includes(marker), file).toBe(false);
      expect(content.includes(Buffer.from(base64)), file).toBe(false);
    }
    // Nothing in storage, nothing in the database, nothing in the logs.
    const filesAfter = await admin<{ filesAggregate: { aggregate: { count: number } } }>(backend, `query { filesAggregate { aggregate { count } } }`);
    expect(filesAfter.filesAggregate.aggregate.count).toBe(filesBefore.filesAggregate?.aggregate.count);
    const rows = await admin<{ guest_checkins_aggregate: { aggregate: { count: number } } }>(backend, `query { guest_checkins_aggregate { aggregate { count } } }`);
    expect(rows.guest_checkins_aggregate.aggregate.count).toBe(0);
    const log = logged.join('');
    expect(log.includes(marker.toString('latin1'))).toBe(false);
    expect(log.includes(base64)).toBe(false);
  });
});
