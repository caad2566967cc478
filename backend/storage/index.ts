// The storage service: hasura-storage's HTTP API at /v1/storage (files, image transforms,
// ranges, presigned URLs), bytes on local disk under <dataDir>/storage or in an S3-compatible
// bucket (S3_*), access decided by the GraphQL permissions on storage.files replayed as the caller.
import path from 'node:path';
import express, { type Request, type Response } from 'express';
import type { BackendContext, GraphqlEngine, Service } from '../context';
import { StorageError, forbidden, notFound, sendError } from './errors';
import { FileMetadataStore, callerHeaders } from './metadata';
import { derivePresignKey, presign, verifyPresigned } from './presign';
import { serveFile } from './serve';
import { S3FileStore, s3SettingsFromEnv } from './s3';
import { LocalFileStore } from './store';
import { checkFileId, handleReplace, handleUpload } from './upload';

export async function createStorageService(ctx: BackendContext, engine: GraphqlEngine): Promise<Service> {
  const root = path.join(ctx.config.dataDir, 'storage');
  const s3 = s3SettingsFromEnv(process.env);
  const store = s3 ? new S3FileStore(root, s3) : new LocalFileStore(root);
  await store.init();
  ctx.log.info(s3 ? `storage: S3 bucket ${s3.bucket} at ${s3.endpoint}` : `storage: files under ${root}`);
  const meta = new FileMetadataStore(engine, ctx.db, ctx.config.adminSecret);
  const presignKey = derivePresignKey(ctx.config.adminSecret, ctx.jwt.config.key);
  const deps = { store, meta, log: ctx.log };
  const router = express.Router();

  /** Wraps a handler so every failure answers in hasura-storage's error shape. */
  const route = (fn: (req: Request, res: Response, id: string) => Promise<void>) => async (req: Request, res: Response) => {
    try {
      const raw = req.params.id;
      await fn(req, res, typeof raw === 'string' ? checkFileId(raw) : '');
    } catch (err) {
      if (!(err instanceof StorageError)) ctx.log.error(`storage ${req.method} ${req.path} failed`, err);
      sendError(res, err);
    }
  };

  router.get('/version', (_req, res) => {
    res.json({ buildVersion: 'staydesk-embedded' });
  });

  router.post('/files', (req, res) => handleUpload(req, res, deps));

  const download = route(async (req, res, id) => {
    const file = await meta.getFile(id, callerHeaders(req.headers));
    if (!file) throw notFound();
    if (!file.isUploaded) throw forbidden('file is not uploaded');
    await serveFile(req, res, file, await meta.getBucket(file.bucketId), store);
  });
  router.get('/files/:id', download);
  router.head('/files/:id', download);

  router.put(
    '/files/:id',
    route((req, res, id) => handleReplace(req, res, id, deps)),
  );

  router.delete(
    '/files/:id',
    route(async (req, res, id) => {
      const deleted = await meta.deleteFile(id, callerHeaders(req.headers));
      if (!deleted) throw notFound();
      await store.delete(id);
      res.status(204).end();
    }),
  );

  router.get(
    '/files/:id/presignedurl',
    route(async (req, res, id) => {
      const file = await meta.getFile(id, callerHeaders(req.headers));
      if (!file) throw notFound();
      if (!file.isUploaded) throw forbidden('file is not uploaded');
      const bucket = await meta.getBucket(file.bucketId);
      if (!bucket) throw notFound('bucket not found');
      if (!bucket.presignedUrlsEnabled) throw forbidden('presigned URLs are not enabled on this bucket');
      const query = new URLSearchParams({ ...presign(presignKey, id, bucket.downloadExpiration) });
      res.json({ url: `${ctx.config.publicUrl}/v1/storage/files/${id}/presignedurl/contents?${query}`, expiration: bucket.downloadExpiration });
    }),
  );

  const presignedContents = route(async (req, res, id) => {
    const check = verifyPresigned(presignKey, id, req.query as Record<string, unknown>);
    if (!check.ok) throw forbidden(check.reason);
    const file = await meta.getFileAsAdmin(id);
    if (!file) throw notFound();
    if (!file.isUploaded) throw forbidden('file is not uploaded');
    await serveFile(req, res, file, await meta.getBucket(file.bucketId), store);
  });
  router.get('/files/:id/presignedurl/contents', presignedContents);
  router.head('/files/:id/presignedurl/contents', presignedContents);

  router.use((_req, res) => sendError(res, new StorageError(404, 'not found')));
  return { router };
}
