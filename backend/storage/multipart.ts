// Reads a whole multipart/form-data request with busboy before anything is processed (the JS
// client sends `bucket-id` after the files). File parts are streamed to temporary files on disk,
// hashed (MD5, the S3-style ETag) and capped; the first bytes are kept for type sniffing.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import busboy from 'busboy';
import { badRequest } from './errors';

export interface UploadedPart {
  field: string;
  filename: string;
  declaredType: string;
  tmpPath: string;
  size: number;
  md5: string;
  head: Buffer;
}

export interface ParsedForm {
  files: UploadedPart[];
  fields: Map<string, string[]>;
  /** Deletes the temporary files that were not moved into the store. */
  cleanup(): Promise<void>;
}

export interface MultipartLimits {
  maxFileSize: number;
  maxFiles: number;
  /** Parts with these names are read as text fields even when sent as blobs (the JS client sends metadata[] as a Blob). */
  textParts: string[];
}

const HEAD_BYTES = 4100;
const MAX_FIELD_BYTES = 1024 * 1024;

export async function parseMultipart(req: Readable & { headers: Record<string, string | string[] | undefined> }, tmpDir: string, limits: MultipartLimits): Promise<ParsedForm> {
  const contentType = req.headers['content-type'];
  if (typeof contentType !== 'string' || !/^multipart\/form-data/i.test(contentType)) {
    throw badRequest('request must be multipart/form-data');
  }
  let bb: busboy.Busboy;
  try {
    bb = busboy({
      headers: req.headers as busboy.BusboyConfig['headers'],
      defParamCharset: 'utf8',
      limits: { fileSize: limits.maxFileSize, files: limits.maxFiles + limits.textParts.length * limits.maxFiles, fieldSize: MAX_FIELD_BYTES, fields: 1000, parts: 2000 },
    });
  } catch {
    throw badRequest('malformed multipart request');
  }
  await fs.promises.mkdir(tmpDir, { recursive: true });

  const files: UploadedPart[] = [];
  const fields = new Map<string, string[]>();
  const writes: Array<Promise<void>> = [];
  const addField = (name: string, value: string) => fields.set(name, [...(fields.get(name) ?? []), value]);
  const cleanup = async () => {
    await Promise.all(files.map((f) => fs.promises.rm(f.tmpPath, { force: true })));
  };
  let failure: Error | undefined;
  const fail = (e: Error) => {
    failure ??= e;
  };

  bb.on('field', (name, value, info) => {
    if (info.valueTruncated) fail(badRequest(`form field ${name} is too large`));
    addField(name, value);
  });
  bb.on('file', (name, stream, info) => {
    if (limits.textParts.includes(name)) {
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (c: Buffer) => {
        size += c.length;
        if (size <= MAX_FIELD_BYTES) chunks.push(c);
        else fail(badRequest(`form field ${name} is too large`));
      });
      writes.push(new Promise((resolve) => stream.on('close', () => {
        addField(name, Buffer.concat(chunks).toString('utf8'));
        resolve();
      })));
      return;
    }
    const tmpPath = path.join(tmpDir, `${crypto.randomUUID()}.part`);
    const part: UploadedPart = { field: name, filename: info.filename ?? '', declaredType: info.mimeType, tmpPath, size: 0, md5: '', head: Buffer.alloc(0) };
    files.push(part);
    const hash = crypto.createHash('md5');
    const heads: Buffer[] = [];
    let headLength = 0;
    const tap = new Transform({
      transform(chunk: Buffer, _enc, cb) {
        hash.update(chunk);
        part.size += chunk.length;
        if (headLength < HEAD_BYTES) {
          heads.push(chunk.subarray(0, HEAD_BYTES - headLength));
          headLength += Math.min(chunk.length, HEAD_BYTES - headLength);
        }
        cb(null, chunk);
      },
    });
    stream.on('limit', () => fail(badRequest(`file too big: more than ${limits.maxFileSize} bytes`)));
    writes.push(
      pipeline(stream, tap, fs.createWriteStream(tmpPath)).then(
        () => {
          part.md5 = hash.digest('hex');
          part.head = Buffer.concat(heads);
        },
        (e: Error) => fail(e),
      ),
    );
  });
  bb.on('filesLimit', () => fail(badRequest(`too many files: at most ${limits.maxFiles} per request`)));
  bb.on('partsLimit', () => fail(badRequest('too many form parts')));
  bb.on('fieldsLimit', () => fail(badRequest('too many form fields')));

  try {
    await new Promise<void>((resolve, reject) => {
      bb.once('close', resolve);
      bb.once('error', () => reject(badRequest('malformed multipart request')));
      req.once('error', () => reject(badRequest('the upload was interrupted')));
      req.once('aborted', () => reject(badRequest('the upload was interrupted')));
      req.pipe(bb);
    });
    await Promise.all(writes);
  } catch (e) {
    await cleanup();
    throw e;
  }
  if (failure) {
    await cleanup();
    throw failure.constructor === Error ? badRequest('malformed multipart request') : failure;
  }
  return { files, fields, cleanup };
}
