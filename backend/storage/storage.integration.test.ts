// Storage through the real @nhost/hasura-storage-js client against the running embedded backend,
// with permissions from this folder's fixture project (user: own files only; public: nothing).
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { HasuraStorageClient } from '@nhost/hasura-storage-js';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend } from '../../tests/helpers/backend';
import type { RunningBackend } from '../server';

const projectDir = path.resolve(__dirname, '__fixtures__/project');
let backend: RunningBackend;
let storageUrl: string;
const alice = crypto.randomUUID();
const bob = crypto.randomUUID();
let png: Buffer;

async function tokenFor(userId: string): Promise<string> {
  return backend.ctx.jwt.sign(
    {
      sub: userId,
      'https://hasura.io/jwt/claims': { 'x-hasura-allowed-roles': ['user', 'me'], 'x-hasura-default-role': 'user', 'x-hasura-user-id': userId },
    },
    900,
  );
}

async function clientFor(userId?: string): Promise<HasuraStorageClient> {
  const client = new HasuraStorageClient({ url: storageUrl });
  return userId ? client.setAccessToken(await tokenFor(userId)) : client;
}

const admin = () => new HasuraStorageClient({ url: storageUrl, adminSecret: backend.ctx.config.adminSecret });
const fileOf = (bytes: Buffer, name: string, type: string) => new File([new Uint8Array(bytes)], name, { type });
const rows = async (sql: string, params: unknown[] = []) => (await backend.ctx.db.query<Record<string, unknown>>(sql, params)).rows;
const storedFiles = () => fs.readdirSync(path.join(backend.ctx.config.dataDir, 'storage/files'));

beforeAll(async () => {
  // Its own database: the buckets below need a column added (a schema change no reset undoes).
  backend = await startTestBackend({ projectDir, shared: false });
  storageUrl = `${backend.url}/v1/storage`;
  png = await sharp({ create: { width: 300, height: 150, channels: 3, background: '#0f4c5c' } }).png().toBuffer();
  // Buckets of the tests: tiny limits, a short presign lifetime, and (Staydesk addition) a type allow-list.
  await backend.ctx.db.query('ALTER TABLE storage.buckets ADD COLUMN IF NOT EXISTS allowed_mime_types text[]');
  await backend.ctx.db.query(`INSERT INTO storage.buckets (id, max_upload_file_size, min_upload_file_size) VALUES ('tiny', 100, 10)`);
  await backend.ctx.db.query(`INSERT INTO storage.buckets (id, download_expiration, cache_control) VALUES ('short', 1, 'private, max-age=60')`);
  await backend.ctx.db.query(`INSERT INTO storage.buckets (id, allowed_mime_types) VALUES ('images', '{image/*}')`);
  await backend.ctx.db.query(`INSERT INTO storage.buckets (id, presigned_urls_enabled) VALUES ('nopresign', false)`);
});

afterAll(async () => {
  await backend?.close();
});

describe('as the owner', () => {
  let fileId: string;

  it('uploads: 201 metadata recorded as the caller, bytes on disk', async () => {
    const storage = await clientFor(alice);
    const { fileMetadata, error } = await storage.upload({ file: fileOf(png, 'szoba.png', 'image/png'), name: 'Szoba 1.png' });
    expect(error).toBeNull();
    expect(fileMetadata).toMatchObject({
      name: 'Szoba 1.png',
      size: png.length,
      bucketId: 'default',
      mimeType: 'image/png',
      isUploaded: true,
      uploadedByUserId: alice,
      etag: `"${crypto.createHash('md5').update(png).digest('hex')}"`,
    });
    fileId = fileMetadata!.id;
    expect(storedFiles()).toContain(fileId);
  });

  it('downloads the same bytes, and a transformed image of the asked size', async () => {
    const storage = await clientFor(alice);
    const { file, error } = await storage.download({ fileId });
    expect(error).toBeNull();
    expect(Buffer.from(await file!.arrayBuffer())).toEqual(png);

    const small = await storage.download({ fileId, width: 100, quality: 50 });
    const meta = await sharp(Buffer.from(await small.file!.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 100, 50]);

    const res = await fetch(`${storageUrl}/files/${fileId}?h=30&f=webp&b=2`, { headers: { authorization: `Bearer ${await tokenFor(alice)}` } });
    expect(res.headers.get('content-type')).toBe('image/webp');
    const webp = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect([webp.format, webp.width, webp.height]).toEqual(['webp', 60, 30]);

    // The widest blur allowed renders; a wider one is refused before any work, with hasura-storage's error shape.
    const auth = { authorization: `Bearer ${await tokenFor(alice)}` };
    const widest = await fetch(`${storageUrl}/files/${fileId}?b=250`, { headers: auth });
    expect(widest.status).toBe(200);
    expect((await sharp(Buffer.from(await widest.arrayBuffer())).metadata()).width).toBe(300);
    const huge = await fetch(`${storageUrl}/files/${fileId}?b=100000`, { headers: auth });
    expect(huge.status).toBe(400);
    expect(huge.headers.get('x-error')).toBe('image parameter b must be a blur sigma between 0.3 and 250');
    expect(await huge.json()).toEqual({ error: { message: 'image parameter b must be a blur sigma between 0.3 and 250' } });
  });

  it('gets a presigned URL that works without credentials until it expires, and not when tampered with', async () => {
    const storage = await clientFor(alice);
    const { presignedUrl, error } = await storage.getPresignedUrl({ fileId });
    expect(error).toBeNull();
    expect(presignedUrl!.expiration).toBe(30);
    expect(presignedUrl!.url.startsWith(`${storageUrl}/files/${fileId}/presignedurl/contents?`)).toBe(true);
    const ok = await fetch(presignedUrl!.url);
    expect(ok.status).toBe(200);
    expect(Buffer.from(await ok.arrayBuffer())).toEqual(png);
    // The client appends image parameters to the signed URL; they are not part of the signature.
    const withWidth = await storage.getPresignedUrl({ fileId, width: 50 });
    const resized = await fetch(withWidth.presignedUrl!.url);
    expect((await sharp(Buffer.from(await resized.arrayBuffer())).metadata()).width).toBe(50);

    const tampered = new URL(presignedUrl!.url);
    tampered.searchParams.set('X-Amz-Expires', '604800');
    const bad = await fetch(tampered);
    expect(bad.status).toBe(403);
    expect(await bad.json()).toEqual({ error: { message: 'signature does not match' } });
    expect(bad.headers.get('x-error')).toBe('signature does not match');

    const otherFile = new URL(presignedUrl!.url.replace(fileId, crypto.randomUUID()));
    expect((await fetch(otherFile)).status).toBe(403);
  });

  it('refuses an expired presigned URL', async () => {
    const storage = await clientFor(alice);
    const up = await storage.upload({ file: fileOf(png, 'short.png', 'image/png'), bucketId: 'short' });
    const { presignedUrl } = await storage.getPresignedUrl({ fileId: up.fileMetadata!.id });
    expect(presignedUrl!.expiration).toBe(1);
    expect((await fetch(presignedUrl!.url)).status).toBe(200);
    // Valid for one second from its signing second: asked again until it is no longer served.
    const until = Date.now() + 10_000;
    let expired = await fetch(presignedUrl!.url);
    while (expired.status === 200 && Date.now() < until) {
      await expired.arrayBuffer();
      await new Promise((r) => setTimeout(r, 100));
      expired = await fetch(presignedUrl!.url);
    }
    expect(expired.status).toBe(403);
    expect(await expired.json()).toEqual({ error: { message: 'the presigned url has expired' } });
  });

  it('serves ranges, conditional requests, HEAD and the bucket cache headers', async () => {
    const auth = { authorization: `Bearer ${await tokenFor(alice)}` };
    const up = await (await clientFor(alice)).upload({ file: fileOf(Buffer.from('0123456789abcdefghij'), 'a.txt', 'text/plain'), name: 'számla "végleges".txt', bucketId: 'short' });
    const url = `${storageUrl}/files/${up.fileMetadata!.id}`;
    const full = await fetch(url, { headers: auth });
    expect(full.headers.get('cache-control')).toBe('private, max-age=60');
    expect(full.headers.get('content-disposition')).toBe(`inline; filename="sz_mla _v_gleges_.txt"; filename*=UTF-8''sz%C3%A1mla%20%22v%C3%A9gleges%22.txt`);
    expect(full.headers.get('accept-ranges')).toBe('bytes');
    expect(full.headers.get('x-content-type-options')).toBe('nosniff');
    const etag = full.headers.get('etag')!;
    expect(etag).toBe(up.fileMetadata!.etag);

    const part = await fetch(url, { headers: { ...auth, range: 'bytes=5-9' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 5-9/20');
    expect(await part.text()).toBe('56789');
    expect((await fetch(url, { headers: { ...auth, range: 'bytes=50-' } })).status).toBe(416);

    expect((await fetch(url, { headers: { ...auth, 'if-none-match': etag } })).status).toBe(304);
    expect((await fetch(url, { headers: { ...auth, 'if-modified-since': new Date(Date.now() + 60_000).toUTCString() } })).status).toBe(304);
    expect((await fetch(url, { headers: { ...auth, 'if-match': '"nope"' } })).status).toBe(412);
    expect((await fetch(url, { headers: { ...auth, 'if-unmodified-since': 'Mon, 01 Jan 2001 00:00:00 GMT' } })).status).toBe(412);
    expect((await fetch(url, { headers: { ...auth, 'if-match': etag } })).status).toBe(200);

    const head = await fetch(url, { method: 'HEAD', headers: auth });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe('20');
    expect(head.headers.get('etag')).toBe(etag);
  });

  it('serves scriptable types (SVG) sandboxed, so an uploaded SVG cannot run script in the API origin', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="1" height="1"/></svg>');
    const up = await (await clientFor(alice)).upload({ file: fileOf(svg, 'logo.svg', 'text/plain') });
    expect(up.fileMetadata?.mimeType).toBe('image/svg+xml');
    const auth = { authorization: `Bearer ${await tokenFor(alice)}` };
    const res = await fetch(`${storageUrl}/files/${up.fileMetadata!.id}`, { headers: auth });
    expect(res.headers.get('content-security-policy')).toMatch(/sandbox/);
    const pdf = await (await clientFor(alice)).upload({ file: fileOf(Buffer.from('%PDF-1.4\n%%EOF\n'), 'c.pdf', 'application/pdf') });
    const pdfRes = await fetch(`${storageUrl}/files/${pdf.fileMetadata!.id}`, { headers: auth });
    expect(pdfRes.headers.get('content-type')).toBe('application/pdf');
    expect(pdfRes.headers.get('content-security-policy')).toBeNull();
  });

  it('replaces a file with PUT: new bytes, new ETag, old image variants gone', async () => {
    const auth = { authorization: `Bearer ${await tokenFor(alice)}` };
    const up = await (await clientFor(alice)).upload({ file: fileOf(png, 'a.png', 'image/png') });
    const id = up.fileMetadata!.id;
    await fetch(`${storageUrl}/files/${id}?w=10`, { headers: auth });
    const jpeg = await sharp(png).resize(30).jpeg().toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'b.jpg');
    form.append('metadata', JSON.stringify({ name: 'b.jpg', metadata: { room: 1 } }));
    const res = await fetch(`${storageUrl}/files/${id}`, { method: 'PUT', headers: auth, body: form });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ id, name: 'b.jpg', mimeType: 'image/jpeg', size: jpeg.length, isUploaded: true, metadata: { room: 1 } });
    expect(body.etag).not.toBe(up.fileMetadata!.etag);
    const small = await fetch(`${storageUrl}/files/${id}?w=10`, { headers: auth });
    expect(small.headers.get('content-type')).toBe('image/jpeg');
  });

  it('deletes: 204, then 404 and the bytes are gone', async () => {
    const storage = await clientFor(alice);
    const { error } = await storage.delete({ fileId });
    expect(error).toBeNull();
    expect(storedFiles()).not.toContain(fileId);
    const res = await fetch(`${storageUrl}/files/${fileId}`, { headers: { authorization: `Bearer ${await tokenFor(alice)}` } });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { message: 'file not found' } });
  });

  it('uploads several files with metadata[] and a bucket-id sent after them', async () => {
    const form = new FormData();
    const ids = [crypto.randomUUID(), crypto.randomUUID()];
    form.append('file[]', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'one.png');
    form.append('file[]', new Blob(['hello'], { type: 'text/plain' }), 'two.txt');
    form.append('metadata[]', JSON.stringify({ id: ids[0], name: 'első.png', metadata: { n: 1 } }));
    form.append('metadata[]', JSON.stringify({ id: ids[1] }));
    const { fileMetadata, error } = await (await clientFor(alice)).upload({ formData: form, bucketId: 'short' });
    expect(error).toBeNull();
    expect(fileMetadata!.processedFiles.map((f) => [f.id, f.name, f.bucketId, f.mimeType])).toEqual([
      [ids[0], 'első.png', 'short', 'image/png'],
      [ids[1], 'two.txt', 'short', 'text/plain'],
    ]);
  });
});

describe('as another user', () => {
  let fileId: string;
  beforeAll(async () => {
    const up = await (await clientFor(alice)).upload({ file: fileOf(png, 'private.png', 'image/png') });
    fileId = up.fileMetadata!.id;
  });

  it('cannot download, presign, replace or delete the file: 404 as if it did not exist', async () => {
    const storage = await clientFor(bob);
    expect((await storage.download({ fileId })).error).toBeTruthy();
    expect((await storage.getPresignedUrl({ fileId })).error).toBeTruthy();
    const auth = { authorization: `Bearer ${await tokenFor(bob)}` };
    expect((await fetch(`${storageUrl}/files/${fileId}`, { headers: auth })).status).toBe(404);
    expect((await fetch(`${storageUrl}/files/${fileId}/presignedurl`, { headers: auth })).status).toBe(404);
    expect((await fetch(`${storageUrl}/files/${fileId}`, { method: 'DELETE', headers: auth })).status).toBe(404);
    const form = new FormData();
    form.append('file', new Blob(['overwritten']), 'x.txt');
    expect((await fetch(`${storageUrl}/files/${fileId}`, { method: 'PUT', headers: auth, body: form })).status).toBe(404);
    // Still there and unchanged for the owner.
    const owner = await (await clientFor(alice)).download({ fileId });
    expect(Buffer.from(await owner.file!.arrayBuffer())).toEqual(png);
  });

  it('can upload their own file, recorded as theirs', async () => {
    const up = await (await clientFor(bob)).upload({ file: fileOf(png, 'bob.png', 'image/png') });
    expect(up.fileMetadata?.uploadedByUserId).toBe(bob);
  });
});

describe('as public (no token)', () => {
  it('cannot upload (403, nothing stored) nor read a file', async () => {
    const before = storedFiles().length;
    const storage = await clientFor();
    const up = await storage.upload({ file: fileOf(png, 'anon.png', 'image/png') });
    expect(up.error).toMatchObject({ status: 403, message: 'you are not authorized' });
    expect(storedFiles().length).toBe(before);

    const owned = await (await clientFor(alice)).upload({ file: fileOf(png, 'p.png', 'image/png') });
    const res = await fetch(`${storageUrl}/files/${owned.fileMetadata!.id}`);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: { message: 'you are not authorized' } });
    expect((await storage.delete({ fileId: owned.fileMetadata!.id })).error).toBeTruthy();
    expect((await rows('SELECT id FROM storage.files WHERE id = $1', [owned.fileMetadata!.id])).length).toBe(1);
  });
});

describe('with a bad token', () => {
  it('answers 401 with the reason for an expired or tampered JWT, and stores nothing', async () => {
    const before = storedFiles().length;
    const expired = await backend.ctx.jwt.sign({ sub: alice, 'https://hasura.io/jwt/claims': { 'x-hasura-allowed-roles': ['user'], 'x-hasura-default-role': 'user', 'x-hasura-user-id': alice } }, -60);
    const good = await tokenFor(alice);
    const tampered = good.slice(0, -4) + (good.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    for (const token of [expired, tampered]) {
      const up = await new HasuraStorageClient({ url: storageUrl }).setAccessToken(token).upload({ file: fileOf(png, 'x.png', 'image/png') });
      expect(up.error).toMatchObject({ status: 401, message: expect.stringMatching(/JWT/) });
    }
    expect(storedFiles().length).toBe(before);
  });
});

describe('with the admin secret', () => {
  it('uploads and reads any file', async () => {
    const up = await admin().upload({ file: fileOf(png, 'admin.png', 'image/png') });
    expect(up.fileMetadata).toMatchObject({ uploadedByUserId: null, isUploaded: true });
    const mine = await (await clientFor(alice)).upload({ file: fileOf(png, 'mine.png', 'image/png') });
    expect((await admin().download({ fileId: mine.fileMetadata!.id })).error).toBeNull();
  });
});

describe('bad input', () => {
  const countFiles = async () => Number((await rows('SELECT count(*)::int AS n FROM storage.files'))[0].n);

  it('refuses a file over the bucket maximum or under its minimum: 400, nothing stored', async () => {
    const before = [await countFiles(), storedFiles().length];
    const storage = await clientFor(alice);
    const big = await storage.upload({ file: fileOf(Buffer.alloc(101, 'a'), 'big.txt', 'text/plain'), bucketId: 'tiny' });
    expect(big.error).toMatchObject({ status: 400, message: 'file too big: 101 > 100' });
    const small = await storage.upload({ file: fileOf(Buffer.from('abc'), 'small.txt', 'text/plain'), bucketId: 'tiny' });
    expect(small.error).toMatchObject({ status: 400, message: 'file too small: 3 < 10' });
    expect([await countFiles(), storedFiles().length]).toEqual(before);
    expect(fs.readdirSync(path.join(backend.ctx.config.dataDir, 'storage/tmp'))).toEqual([]);
  });

  it('refuses a type the bucket does not allow, judged by the bytes, not the claimed type', async () => {
    const storage = await clientFor(alice);
    const pdfAsPng = await storage.upload({ file: fileOf(Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n'), 'fake.png', 'image/png'), bucketId: 'images' });
    expect(pdfAsPng.error).toMatchObject({ status: 400, message: 'file type application/pdf is not allowed in bucket images' });
    const script = await storage.upload({ file: fileOf(Buffer.from('<script>alert(1)</script>'), 'x.png', 'image/png'), bucketId: 'images' });
    expect(script.error).toMatchObject({ status: 400, message: 'file type text/plain is not allowed in bucket images' });
    const real = await storage.upload({ file: fileOf(png, 'real.png', 'application/octet-stream'), bucketId: 'images' });
    expect(real.fileMetadata).toMatchObject({ mimeType: 'image/png', bucketId: 'images' });
  });

  it('refuses path traversal in ids and names', async () => {
    const auth = { 'x-hasura-admin-secret': backend.ctx.config.adminSecret };
    for (const id of ['..%2F..%2Fetc%2Fpasswd', '..%5C..%5Cwindows', 'not-a-uuid', `${crypto.randomUUID()}%00`]) {
      const res = await fetch(`${storageUrl}/files/${id}`, { headers: auth });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: { message: 'file id must be a uuid' } });
    }
    // A literal ../ that no client normalised away reaches no file route at all.
    const raw = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port: backend.port, path: '/v1/storage/files/../../../../etc/passwd', headers: auth }, (res) => {
          let body = '';
          res.on('data', (c: Buffer) => (body += c.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        })
        .on('error', reject);
    });
    expect(raw.status).toBe(404);
    expect(raw.body).not.toContain('root:');
    expect(JSON.parse(raw.body)).toMatchObject({ error: expect.anything() });
    const storage = await clientFor(alice);
    const badId = await storage.upload({ file: fileOf(png, 'x.png', 'image/png'), id: '../../x' });
    expect(badId.error).toMatchObject({ status: 400, message: 'file id must be a uuid' });
    const badName = await storage.upload({ file: fileOf(png, 'x.png', 'image/png'), name: '../../etc/passwd' });
    expect(badName.error).toMatchObject({ status: 400, message: 'file name must not contain path separators or control characters' });
  });

  it('answers malformed multipart, a missing file[] and bad metadata with a 400 in the storage error shape', async () => {
    const auth = { authorization: `Bearer ${await tokenFor(alice)}` };
    const truncated = await fetch(`${storageUrl}/files`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'multipart/form-data; boundary=XyZ' },
      body: '--XyZ\r\nContent-Disposition: form-data; name="file[]"; filename="a.txt"\r\n\r\nhello',
    });
    expect(truncated.status).toBe(400);
    expect(await truncated.json()).toEqual({ processedFiles: [], error: { message: 'malformed multipart request' } });
    expect(truncated.headers.get('x-error')).toBe('malformed multipart request');

    const notMultipart = await fetch(`${storageUrl}/files`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: '{}' });
    expect(notMultipart.status).toBe(400);

    const noFile = new FormData();
    noFile.append('bucket-id', 'default');
    const r1 = await fetch(`${storageUrl}/files`, { method: 'POST', headers: auth, body: noFile });
    expect(await r1.json()).toMatchObject({ error: { message: 'file[] not found in Multipart form' } });

    const mismatch = new FormData();
    mismatch.append('file[]', new Blob(['a']), 'a.txt');
    mismatch.append('file[]', new Blob(['b']), 'b.txt');
    mismatch.append('metadata[]', '{}');
    const r2 = await fetch(`${storageUrl}/files`, { method: 'POST', headers: auth, body: mismatch });
    expect(r2.status).toBe(400);
    expect((await r2.json()).error.message).toMatch(/^file metadata length doesn't match/);

    const badJson = new FormData();
    badJson.append('file[]', new Blob(['a']), 'a.txt');
    badJson.append('metadata[]', '{not json');
    expect((await fetch(`${storageUrl}/files`, { method: 'POST', headers: auth, body: badJson })).status).toBe(400);

    const noBucket = await (await clientFor(alice)).upload({ file: fileOf(png, 'x.png', 'image/png'), bucketId: 'nope' });
    expect(noBucket.error).toMatchObject({ status: 404, message: 'bucket not found' });
  });

  it('refuses presigning where the bucket turns it off, and transforms of non-images', async () => {
    const storage = await clientFor(alice);
    const up = await storage.upload({ file: fileOf(png, 'x.png', 'image/png'), bucketId: 'nopresign' });
    const res = await fetch(`${storageUrl}/files/${up.fileMetadata!.id}/presignedurl`, { headers: { authorization: `Bearer ${await tokenFor(alice)}` } });
    expect(res.status).toBe(403);
    const txt = await storage.upload({ file: fileOf(Buffer.from('just text'), 'a.txt', 'text/plain') });
    const t = await fetch(`${storageUrl}/files/${txt.fileMetadata!.id}?w=10`, { headers: { authorization: `Bearer ${await tokenFor(alice)}` } });
    expect(t.status).toBe(400);
    const badParam = await fetch(`${storageUrl}/files/${up.fileMetadata!.id}?w=-4`, { headers: { authorization: `Bearer ${await tokenFor(alice)}` } });
    expect(badParam.status).toBe(400);
  });
});
