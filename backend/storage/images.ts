// Image transforms of hasura-storage (w, h, q, b, f) with sharp; each variant is rendered once
// and cached on disk next to the originals, keyed by the file's ETag and the parameters.
import crypto from 'node:crypto';
import fs from 'node:fs';
import sharp from 'sharp';
import { badRequest } from './errors';

export type OutputFormat = 'jpeg' | 'png' | 'webp' | 'avif';

export interface ImageParams {
  w?: number;
  h?: number;
  q?: number;
  b?: number;
  f?: 'auto' | 'same' | OutputFormat;
}

const TRANSFORMABLE = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif', 'image/tiff']);
const MIME_OF: Record<OutputFormat, string> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', avif: 'image/avif' };
const MAX_DIMENSION = 8192;

/** Reads w/h/q/b/f from a query string; absent means "no transform". Bad values are a 400. */
export function parseImageParams(query: Record<string, unknown>): ImageParams | undefined {
  const params: ImageParams = {};
  const int = (name: 'w' | 'h' | 'q', min: number, max: number) => {
    const raw = query[name];
    if (raw === undefined || raw === '') return;
    if (typeof raw !== 'string' || !/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
      throw badRequest(`image parameter ${name} must be a whole number between ${min} and ${max}`);
    }
    params[name] = Number(raw);
  };
  int('w', 1, MAX_DIMENSION);
  int('h', 1, MAX_DIMENSION);
  int('q', 1, 100);
  if (query.b !== undefined && query.b !== '') {
    const b = typeof query.b === 'string' && /^\d+(\.\d+)?$/.test(query.b) ? Number(query.b) : NaN;
    if (!(b >= 0.3 && b <= 1000)) throw badRequest('image parameter b must be a blur sigma between 0.3 and 1000');
    params.b = b;
  }
  if (query.f !== undefined && query.f !== '') {
    if (typeof query.f !== 'string' || !['auto', 'same', 'jpeg', 'png', 'webp', 'avif'].includes(query.f)) {
      throw badRequest('image parameter f must be one of auto, same, jpeg, webp, png, avif');
    }
    params.f = query.f as ImageParams['f'];
  }
  return Object.keys(params).length ? params : undefined;
}

export function isTransformable(mime: string): boolean {
  return TRANSFORMABLE.has(mime);
}

/** The output format: explicit, negotiated from Accept for `auto`, else the source's own. */
export function outputFormat(params: ImageParams, sourceMime: string, accept: string | undefined): OutputFormat {
  if (params.f && params.f !== 'auto' && params.f !== 'same') return params.f;
  if (params.f === 'auto') {
    if (accept?.includes('image/avif')) return 'avif';
    if (accept?.includes('image/webp')) return 'webp';
  }
  const own = Object.entries(MIME_OF).find(([, m]) => m === sourceMime)?.[0] as OutputFormat | undefined;
  return own ?? 'png';
}

export interface Variant {
  path: string;
  mimeType: string;
  size: number;
  etag: string;
}

/** Renders (or reuses) the variant of `sourcePath` for these parameters. */
export async function imageVariant(
  sourcePath: string,
  sourceEtag: string,
  params: ImageParams,
  format: OutputFormat,
  variantPath: (key: string) => string,
): Promise<Variant> {
  const key = crypto.createHash('sha256').update(JSON.stringify([sourceEtag, params.w, params.h, params.q, params.b, format])).digest('hex').slice(0, 32);
  const target = variantPath(key);
  const etag = `"${key}"`;
  const cached = await fs.promises.stat(target).catch(() => undefined);
  if (cached) return { path: target, mimeType: MIME_OF[format], size: cached.size, etag };

  let pipeline = sharp(sourcePath, { failOn: 'error', limitInputPixels: 100_000_000 }).rotate();
  if (params.w || params.h) pipeline = pipeline.resize({ width: params.w, height: params.h, fit: 'inside', withoutEnlargement: true });
  if (params.b) pipeline = pipeline.blur(params.b);
  const quality = params.q ?? 80;
  pipeline = format === 'jpeg' ? pipeline.jpeg({ quality }) : format === 'webp' ? pipeline.webp({ quality }) : format === 'avif' ? pipeline.avif({ quality }) : pipeline.png({ quality });
  const tmp = `${target}.${crypto.randomUUID()}.tmp`;
  try {
    await pipeline.toFile(tmp);
  } catch {
    await fs.promises.rm(tmp, { force: true });
    throw badRequest('the image could not be transformed');
  }
  await fs.promises.rename(tmp, target);
  const { size } = await fs.promises.stat(target);
  return { path: target, mimeType: MIME_OF[format], size, etag };
}
