// POST /files and PUT /files/{id}: checks each file against its bucket (size, sniffed type),
// records it as the caller (permissions decide), moves the bytes into the store, then marks it
// uploaded with the admin secret, as hasura-storage does.
import crypto from 'node:crypto';
import type { Request, Response } from 'express';
import type { Headers, Logger } from '../context';
import { StorageError, badRequest, errorBody, notFound, sendError } from './errors';
import { callerHeaders, type Bucket, type FileMetadata, type FileMetadataStore } from './metadata';
import { parseMultipart, type UploadedPart } from './multipart';
import { effectiveMimeType, mimeTypeAllowed } from './sniff';
import { UUID, type FileStore } from './store';

const MAX_FILES_PER_REQUEST = 50;

interface ClientFileMetadata {
  id?: string;
  name?: string;
  metadata?: unknown;
}

export interface UploadDeps {
  store: FileStore;
  meta: FileMetadataStore;
  log: Logger;
}

export async function handleUpload(req: Request, res: Response, deps: UploadDeps): Promise<void> {
  const processed: FileMetadata[] = [];
  let cleanup = (): Promise<void> => Promise.resolve();
  let failure: unknown;
  try {
    const form = await parseMultipart(req, deps.store.tmpDir, {
      maxFileSize: await deps.meta.largestUploadSize(),
      maxFiles: MAX_FILES_PER_REQUEST,
      textParts: ['metadata[]'],
    });
    cleanup = form.cleanup;
    const files = form.files.filter((f) => f.field === 'file[]');
    if (files.length === 0) throw badRequest('file[] not found in Multipart form');
    const rawMeta = form.fields.get('metadata[]') ?? [];
    if (rawMeta.length > 0 && rawMeta.length !== files.length) {
      throw badRequest(`file metadata length doesn't match number of files in request: ${rawMeta.length} != ${files.length}`);
    }
    const bucketId = form.fields.get('bucket-id')?.[0] || 'default';
    const bucket = await deps.meta.getBucket(bucketId);
    if (!bucket) throw notFound('bucket not found');
    const headers = callerHeaders(req.headers);
    const plans = files.map((part, i) => planFile(part, parseClientMetadata(rawMeta[i]), bucket));
    for (const plan of plans) processed.push(await storeNewFile(plan, bucket, headers, deps));
  } catch (err) {
    failure = err;
  }
  // Temporary files go before the answer does: a client that sees the answer sees a clean disk.
  await cleanup();
  if (failure === undefined) {
    res.status(201).json({ processedFiles: processed });
  } else if (failure instanceof StorageError) {
    res.setHeader('X-Error', failure.message.replace(/[^\x20-\x7e]/g, '?'));
    res.status(failure.status).json({ processedFiles: processed, ...errorBody(failure) });
  } else {
    deps.log.error('storage upload failed', failure);
    sendError(res, failure, { processedFiles: processed });
  }
}

interface FilePlan {
  part: UploadedPart;
  id: string;
  name: string;
  mimeType: string;
  metadata: unknown;
}

function parseClientMetadata(raw: string | undefined): ClientFileMetadata {
  if (raw === undefined || raw.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw badRequest('problem parsing file metadata: metadata[] must be JSON');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw badRequest('problem parsing file metadata: metadata[] must be a JSON object');
  const m = parsed as Record<string, unknown>;
  if (m.id !== undefined && typeof m.id !== 'string') throw badRequest('file id must be a uuid');
  if (m.name !== undefined && typeof m.name !== 'string') throw badRequest('file name must be a string');
  return { id: m.id as string | undefined, name: m.name as string | undefined, metadata: m.metadata };
}

export function checkFileId(id: string): string {
  if (!UUID.test(id)) throw badRequest('file id must be a uuid');
  return id.toLowerCase();
}

/** A name is a label, never a path: no separators, no `..`, no control characters. */
export function checkFileName(name: string): string {
  if (name.length === 0 || name.length > 255) throw badRequest('file name must be 1 to 255 characters');
  const unsafe = [...name].some((c) => c === '/' || c === '\\' || c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);
  if (unsafe || name === '.' || name === '..') throw badRequest('file name must not contain path separators or control characters');
  return name;
}

function planFile(part: UploadedPart, client: ClientFileMetadata, bucket: Bucket): FilePlan {
  const id = client.id ? checkFileId(client.id) : crypto.randomUUID();
  const name = checkFileName(client.name ?? part.filename ?? '');
  checkAgainstBucket(part, bucket);
  const mimeType = effectiveMimeType(part.declaredType, part.head);
  if (!mimeTypeAllowed(mimeType, bucket.allowedMimeTypes)) throw badRequest(`file type ${mimeType} is not allowed in bucket ${bucket.id}`);
  return { part, id, name, mimeType, metadata: client.metadata };
}

function checkAgainstBucket(part: UploadedPart, bucket: Bucket): void {
  if (part.size > bucket.maxUploadFileSize) throw badRequest(`file too big: ${part.size} > ${bucket.maxUploadFileSize}`);
  if (part.size < bucket.minUploadFileSize) throw badRequest(`file too small: ${part.size} < ${bucket.minUploadFileSize}`);
}

async function storeNewFile(plan: FilePlan, bucket: Bucket, headers: Headers, deps: UploadDeps): Promise<FileMetadata> {
  const inserted = await deps.meta.insertFile({ id: plan.id, name: plan.name, size: plan.part.size, bucketId: bucket.id, mimeType: plan.mimeType }, headers);
  if (!inserted) throw new StorageError(403, 'you are not authorized');
  try {
    await deps.store.put(plan.id, plan.part.tmpPath, plan.mimeType);
    const done = await deps.meta.updateFile(plan.id, { etag: `"${plan.part.md5}"`, isUploaded: true, metadata: plan.metadata ?? null }, 'admin');
    if (!done) throw new Error('file row vanished during upload');
    return done;
  } catch (err) {
    // Nothing half-done stays behind: no row without bytes, no bytes without a row.
    await deps.meta.deleteFile(plan.id, 'admin').catch(() => undefined);
    await deps.store.delete(plan.id).catch(() => undefined);
    throw err;
  }
}

/** PUT /files/{id}: replaces the bytes (and optionally name/metadata) of a file the caller may update. */
export async function handleReplace(req: Request, res: Response, id: string, deps: UploadDeps): Promise<void> {
  let cleanup = (): Promise<void> => Promise.resolve();
  try {
    const headers = callerHeaders(req.headers);
    const current = await deps.meta.getFile(id, headers);
    if (!current) throw notFound();
    const bucket = await deps.meta.getBucket(current.bucketId);
    if (!bucket) throw notFound('bucket not found');
    const form = await parseMultipart(req, deps.store.tmpDir, { maxFileSize: bucket.maxUploadFileSize, maxFiles: 1, textParts: ['metadata'] });
    cleanup = form.cleanup;
    const part = form.files.find((f) => f.field === 'file');
    if (!part) throw badRequest('file not found in Multipart form');
    const client = parseClientMetadata(form.fields.get('metadata')?.[0]);
    const name = checkFileName(client.name ?? current.name);
    checkAgainstBucket(part, bucket);
    const mimeType = effectiveMimeType(part.declaredType, part.head);
    if (!mimeTypeAllowed(mimeType, bucket.allowedMimeTypes)) throw badRequest(`file type ${mimeType} is not allowed in bucket ${bucket.id}`);
    const allowed = await deps.meta.updateFile(id, { name, mimeType, size: part.size, isUploaded: false }, headers);
    if (!allowed) throw notFound();
    try {
      await deps.store.put(id, part.tmpPath, mimeType);
    } catch (err) {
      // The old bytes are still in place: point the row back at them rather than lose the file.
      await deps.meta.updateFile(id, { name: current.name, mimeType: current.mimeType, size: current.size, isUploaded: true }, 'admin').catch(() => undefined);
      throw err;
    }
    const done = await deps.meta.updateFile(id, { etag: `"${part.md5}"`, isUploaded: true, ...(client.metadata !== undefined ? { metadata: client.metadata } : {}) }, 'admin');
    res.status(200).json(done);
  } catch (err) {
    if (!(err instanceof StorageError)) deps.log.error('storage replace failed', err);
    sendError(res, err);
  } finally {
    await cleanup();
  }
}
