// Sends a stored file (or an image variant of it) with hasura-storage's headers, conditional
// requests and byte ranges. Content is never executed in the API's origin (nosniff + sandbox CSP).
import fs from 'node:fs';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Request, Response } from 'express';
import { evaluatePreconditions, parseRange } from './conditional';
import { badRequest, notFound } from './errors';
import { imageVariant, isTransformable, outputFormat, parseImageParams } from './images';
import type { Bucket, FileMetadata } from './metadata';
import { variantPrefix, type FileStore } from './store';

export async function serveFile(req: Request, res: Response, file: FileMetadata, bucket: Bucket | null, store: FileStore): Promise<void> {
  const params = parseImageParams(req.query as Record<string, unknown>);
  const storedSize = await store.size(file.id);
  if (storedSize === undefined) throw notFound();
  let size = storedSize;
  let open = (start: number, end: number): Promise<Readable> => store.open(file.id, start, end);
  let mimeType = file.mimeType || 'application/octet-stream';
  let etag = file.etag ?? `"${file.id}"`;
  if (params) {
    if (!isTransformable(mimeType)) throw badRequest('image manipulation features are not supported for this file type');
    const source = await store.localPath(file.id, etag);
    let variant;
    try {
      variant = await imageVariant(source.path, etag, params, outputFormat(params, mimeType, req.headers.accept), store.variants, variantPrefix(file.id));
    } finally {
      source.release();
    }
    // The cache keeps the variant until the response is over (sent, refused or cut off).
    res.once('close', variant.release);
    ({ size, mimeType, etag } = variant);
    open = async (start, end) => fs.createReadStream(variant.path, { start, end });
    res.setHeader('Vary', 'Accept');
  }
  const lastModified = new Date(file.updatedAt);
  const validators = { etag, lastModified };

  res.setHeader('ETag', etag);
  res.setHeader('Last-Modified', lastModified.toUTCString());
  res.setHeader('Cache-Control', bucket?.cacheControl ?? 'max-age=3600');
  res.setHeader('Accept-Ranges', 'bytes');
  res.setHeader('Surrogate-Key', file.id);
  res.setHeader('Surrogate-Control', 'max-age=604800');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  // Types a browser would run (HTML, SVG, XML) are sandboxed; PDFs are not, as Chrome's viewer
  // refuses sandboxed documents.
  if (/html|xml|svg|javascript|ecmascript/i.test(mimeType)) {
    res.setHeader('Content-Security-Policy', "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox");
  }

  const precondition = evaluatePreconditions((n) => req.get(n), validators, req.method);
  if (precondition !== 'proceed') {
    res.status(precondition).end();
    return;
  }

  res.setHeader('Content-Type', mimeType);
  res.setHeader('Content-Disposition', contentDisposition(file.name));
  const range = parseRange(req.get('range'), size, req.get('if-range'), validators);
  if (range.kind === 'unsatisfiable') {
    res.setHeader('Content-Range', `bytes */${size}`);
    res.status(416).end();
    return;
  }
  const [start, end] = range.kind === 'partial' ? [range.start, range.end] : [0, size - 1];
  if (range.kind === 'partial') {
    res.status(206);
    res.setHeader('Content-Range', `bytes ${start}-${end}/${size}`);
  } else res.status(200);
  res.setHeader('Content-Length', String(Math.max(0, end - start + 1)));
  if (req.method === 'HEAD' || size === 0) {
    res.end();
    return;
  }
  const stream = await open(start, end);
  // A client that goes away, or a store that fails mid-way, ends the response; neither is an error to report.
  await pipeline(stream, res).catch(() => res.destroy());
}

/** `inline; filename="<ascii>"; filename*=UTF-8''<encoded>`: quotes and control characters cannot break out. */
export function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
