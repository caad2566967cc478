// The storage pieces that need no GraphQL engine: sniffing, signing, preconditions, ranges,
// multipart parsing and image variants.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { evaluatePreconditions, parseRange } from './conditional';
import { FileCache } from './cache';
import { StorageError } from './errors';
import { imageVariant, outputFormat, parseImageParams } from './images';
import { parseMultipart } from './multipart';
import { amzDate, derivePresignKey, presign, verifyPresigned } from './presign';
import { contentDisposition } from './serve';
import { effectiveMimeType, mimeTypeAllowed, sniffBytes } from './sniff';
import { checkFileName } from './upload';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'staydesk-storage-unit-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
const PDF = Buffer.from('%PDF-1.7\n%âãÏÓ\n');

describe('type sniffing', () => {
  it('recognises common formats from their bytes', () => {
    expect(sniffBytes(PNG)).toBe('image/png');
    expect(sniffBytes(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffBytes(PDF)).toBe('application/pdf');
    expect(sniffBytes(Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBe('image/svg+xml');
    expect(sniffBytes(Buffer.from('név;ár\nSzoba;12000\n'))).toBe('text');
    expect(sniffBytes(Buffer.from([0x00, 0x01, 0x02, 0x03, 0x04, 0x05]))).toBeUndefined();
  });

  it('records what the bytes prove, not what the client claims', () => {
    expect(effectiveMimeType('application/pdf', PNG)).toBe('image/png');
    expect(effectiveMimeType('image/png', Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff'))).toBe('application/octet-stream');
    expect(effectiveMimeType('image/png', Buffer.from('<script>alert(1)</script>'))).toBe('text/plain');
    expect(effectiveMimeType('text/html', Buffer.from('<svg onload="x()">'))).toBe('image/svg+xml');
    expect(effectiveMimeType('text/csv', Buffer.from('a,b\n1,2\n'))).toBe('text/csv');
    expect(effectiveMimeType('', PDF)).toBe('application/pdf');
    expect(effectiveMimeType('application/vnd.custom', Buffer.from([0, 1, 2, 3]))).toBe('application/vnd.custom');
  });

  it('matches bucket allow-lists with wildcards', () => {
    expect(mimeTypeAllowed('image/png', ['image/*', 'application/pdf'])).toBe(true);
    expect(mimeTypeAllowed('application/pdf', ['image/*', 'application/pdf'])).toBe(true);
    expect(mimeTypeAllowed('text/plain', ['image/*', 'application/pdf'])).toBe(false);
    expect(mimeTypeAllowed('text/plain', null)).toBe(true);
  });
});

describe('file names', () => {
  it.each(['../../etc/passwd', 'a/b.txt', 'a\\b.txt', '..', 'x\u0000.png', 'line\nbreak.txt', ''])('rejects %j', (name) => {
    expect(() => checkFileName(name)).toThrow(StorageError);
  });
  it('accepts ordinary names, also with accents and spaces', () => {
    expect(checkFileName('Szerződés 2026 (végleges).pdf')).toBe('Szerződés 2026 (végleges).pdf');
  });
  it('never lets a name break out of Content-Disposition', () => {
    expect(contentDisposition('a"; evil=1.pdf')).toBe(`inline; filename="a_; evil=1.pdf"; filename*=UTF-8''a%22%3B%20evil%3D1.pdf`);
    expect(contentDisposition('árlista.pdf')).toBe(`inline; filename="_rlista.pdf"; filename*=UTF-8''%C3%A1rlista.pdf`);
  });
});

describe('presigned URLs', () => {
  const key = derivePresignKey('admin-secret', 'jwt-key-jwt-key-jwt-key-jwt-key-jwt-key');
  const id = '3f9b1c2e-8a4d-4f6b-9c1e-2d3a4b5c6d7e';
  const now = new Date('2026-05-01T10:00:00Z');
  const q = presign(key, id, 30, now) as unknown as Record<string, unknown>;

  it('accepts its own signature within the lifetime', () => {
    expect(q['X-Amz-Date']).toBe(amzDate(now));
    expect(verifyPresigned(key, id, q, now.getTime() + 29_000)).toEqual({ ok: true });
  });
  it('refuses an expired, tampered, re-targeted or foreign-key URL', () => {
    expect(verifyPresigned(key, id, q, now.getTime() + 31_000)).toEqual({ ok: false, reason: 'the presigned url has expired' });
    expect(verifyPresigned(key, id, { ...q, 'X-Amz-Expires': '604800' }, now.getTime())).toMatchObject({ ok: false, reason: 'signature does not match' });
    expect(verifyPresigned(key, id.replace('3f', '4f'), q, now.getTime())).toMatchObject({ ok: false });
    expect(verifyPresigned(derivePresignKey('other', 'jwt-key-jwt-key-jwt-key-jwt-key-jwt-key'), id, q, now.getTime())).toMatchObject({ ok: false });
    expect(verifyPresigned(key, id, { ...q, 'X-Amz-Signature': undefined }, now.getTime())).toMatchObject({ ok: false });
    expect(verifyPresigned(key, id, { ...q, 'X-Amz-Date': 'yesterday' }, now.getTime())).toMatchObject({ ok: false });
  });
});

describe('conditional requests and ranges', () => {
  const v = { etag: '"abc"', lastModified: new Date('2026-05-01T10:00:00Z') };
  const headers = (h: Record<string, string>) => (n: string) => h[n];

  it('answers 304 for a matching If-None-Match or an unchanged If-Modified-Since', () => {
    expect(evaluatePreconditions(headers({ 'if-none-match': '"abc"' }), v, 'GET')).toBe(304);
    expect(evaluatePreconditions(headers({ 'if-none-match': 'W/"abc", "x"' }), v, 'GET')).toBe(304);
    expect(evaluatePreconditions(headers({ 'if-none-match': '"other"' }), v, 'GET')).toBe('proceed');
    expect(evaluatePreconditions(headers({ 'if-modified-since': 'Fri, 01 May 2026 10:00:00 GMT' }), v, 'GET')).toBe(304);
    expect(evaluatePreconditions(headers({ 'if-modified-since': 'Fri, 01 May 2026 09:59:59 GMT' }), v, 'GET')).toBe('proceed');
    // If-None-Match wins over If-Modified-Since.
    expect(evaluatePreconditions(headers({ 'if-none-match': '"other"', 'if-modified-since': 'Fri, 01 May 2026 10:00:00 GMT' }), v, 'GET')).toBe('proceed');
  });

  it('answers 412 for a failed If-Match or If-Unmodified-Since', () => {
    expect(evaluatePreconditions(headers({ 'if-match': '"other"' }), v, 'GET')).toBe(412);
    expect(evaluatePreconditions(headers({ 'if-match': '"abc"' }), v, 'GET')).toBe('proceed');
    expect(evaluatePreconditions(headers({ 'if-match': '*' }), v, 'GET')).toBe('proceed');
    expect(evaluatePreconditions(headers({ 'if-unmodified-since': 'Fri, 01 May 2026 09:00:00 GMT' }), v, 'GET')).toBe(412);
    expect(evaluatePreconditions(headers({ 'if-unmodified-since': 'Fri, 01 May 2026 11:00:00 GMT' }), v, 'GET')).toBe('proceed');
  });

  it('parses single byte ranges', () => {
    expect(parseRange('bytes=0-9', 100, undefined, v)).toEqual({ kind: 'partial', start: 0, end: 9 });
    expect(parseRange('bytes=90-', 100, undefined, v)).toEqual({ kind: 'partial', start: 90, end: 99 });
    expect(parseRange('bytes=-5', 100, undefined, v)).toEqual({ kind: 'partial', start: 95, end: 99 });
    expect(parseRange('bytes=50-500', 100, undefined, v)).toEqual({ kind: 'partial', start: 50, end: 99 });
    expect(parseRange('bytes=100-', 100, undefined, v)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=0-1,5-6', 100, undefined, v)).toEqual({ kind: 'full' });
    expect(parseRange('bytes=0-9', 100, '"stale"', v)).toEqual({ kind: 'full' });
    expect(parseRange('bytes=0-9', 100, '"abc"', v)).toEqual({ kind: 'partial', start: 0, end: 9 });
  });
});

function multipartRequest(body: string | Buffer, boundary = 'XyZ'): Readable & { headers: Record<string, string> } {
  return Object.assign(Readable.from([Buffer.from(body)]), { headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
}

describe('multipart parsing', () => {
  const limits = { maxFileSize: 1000, maxFiles: 5, textParts: ['metadata[]'] };

  it('reads files, blob-sent metadata and a bucket-id that comes after the files', async () => {
    const form = await new Request('http://x', {
      method: 'POST',
      body: (() => {
        const fd = new FormData();
        fd.append('file[]', new Blob([PNG], { type: 'image/png' }), 'kép.png');
        fd.append('metadata[]', new Blob([JSON.stringify({ name: 'x.png' })], { type: 'application/json' }), '');
        fd.append('bucket-id', 'photos');
        return fd;
      })(),
    });
    const req = Object.assign(Readable.from(Buffer.from(await form.arrayBuffer())), { headers: { 'content-type': form.headers.get('content-type') ?? '' } });
    const parsed = await parseMultipart(req, tmp, limits);
    expect(parsed.files).toHaveLength(1);
    expect(parsed.files[0]).toMatchObject({ field: 'file[]', filename: 'kép.png', declaredType: 'image/png', size: PNG.length });
    expect(parsed.files[0].md5).toMatch(/^[0-9a-f]{32}$/);
    expect(fs.readFileSync(parsed.files[0].tmpPath)).toEqual(PNG);
    expect(parsed.fields.get('metadata[]')).toEqual(['{"name":"x.png"}']);
    expect(parsed.fields.get('bucket-id')).toEqual(['photos']);
    await parsed.cleanup();
    expect(fs.existsSync(parsed.files[0].tmpPath)).toBe(false);
  });

  it('refuses a file over the limit and leaves no temporary file behind', async () => {
    const before = fs.readdirSync(tmp).length;
    const body = `--XyZ\r\nContent-Disposition: form-data; name="file[]"; filename="big.bin"\r\nContent-Type: application/octet-stream\r\n\r\n${'a'.repeat(2000)}\r\n--XyZ--\r\n`;
    await expect(parseMultipart(multipartRequest(body), tmp, limits)).rejects.toMatchObject({ status: 400, message: expect.stringContaining('file too big') });
    expect(fs.readdirSync(tmp).length).toBe(before);
  });

  it('refuses malformed multipart and non-multipart bodies with a 400', async () => {
    const truncated = `--XyZ\r\nContent-Disposition: form-data; name="file[]"; filename="a.txt"\r\n\r\nhello`;
    await expect(parseMultipart(multipartRequest(truncated), tmp, limits)).rejects.toMatchObject({ status: 400 });
    const noBoundary = Object.assign(Readable.from([Buffer.from('x')]), { headers: { 'content-type': 'multipart/form-data' } });
    await expect(parseMultipart(noBoundary, tmp, limits)).rejects.toMatchObject({ status: 400, message: 'malformed multipart request' });
    const json = Object.assign(Readable.from([Buffer.from('{}')]), { headers: { 'content-type': 'application/json' } });
    await expect(parseMultipart(json, tmp, limits)).rejects.toMatchObject({ status: 400, message: 'request must be multipart/form-data' });
  });
});

describe('image transforms', () => {
  it('validates parameters', () => {
    expect(parseImageParams({})).toBeUndefined();
    expect(parseImageParams({ w: '100', q: '50', f: 'webp', b: '2' })).toEqual({ w: 100, q: 50, f: 'webp', b: 2 });
    for (const bad of [{ w: '0' }, { w: '-1' }, { w: 'abc' }, { q: '101' }, { f: 'bmp' }, { b: 'x' }, { h: '99999' }]) {
      expect(() => parseImageParams(bad)).toThrow(StorageError);
    }
    expect(outputFormat({ f: 'auto' }, 'image/jpeg', 'image/avif,image/webp,*/*')).toBe('avif');
    expect(outputFormat({ f: 'auto' }, 'image/jpeg', 'image/webp,*/*')).toBe('webp');
    expect(outputFormat({ w: 10 }, 'image/png', undefined)).toBe('png');
  });

  it('resizes within the box keeping aspect, converts, and reuses the cached variant', async () => {
    const src = path.join(tmp, 'src.png');
    await sharp({ create: { width: 400, height: 200, channels: 3, background: '#0f4c5c' } }).png().toFile(src);
    const cache = new FileCache(path.join(tmp, 'variants'));
    await cache.init();
    const v = await imageVariant(src, '"e1"', { w: 100, h: 100 }, 'webp', cache, 'img-');
    expect(v.mimeType).toBe('image/webp');
    const meta = await sharp(v.path).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 100, 50]);
    const mtime = fs.statSync(v.path).mtimeMs;
    const again = await imageVariant(src, '"e1"', { w: 100, h: 100 }, 'webp', cache, 'img-');
    expect(again.path).toBe(v.path);
    expect(fs.statSync(again.path).mtimeMs).toBe(mtime);
    // A new version of the file (new ETag) gets a new variant.
    expect((await imageVariant(src, '"e2"', { w: 100, h: 100 }, 'webp', cache, 'img-')).path).not.toBe(v.path);
  });
});
