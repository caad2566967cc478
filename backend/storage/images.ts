// Image transforms of hasura-storage (w, h, q, b, f) with sharp; each variant is rendered once
// and kept in the bounded variant cache (cache.ts), keyed by the file's ETag and the parameters.
//
// Limits on what a client may ask (out of range -> 400, nothing rendered):
//   w, h  1..8192 px (MAX_DIMENSION); an image is only ever made smaller, never enlarged.
//   q     1..100.
//   b     blur sigma 0.3..STORAGE_IMAGE_MAX_BLUR (default 250, the maximum Nhost's storage
//         documents; it answers 400 above it too). A Gaussian blur costs pixels x sigma (measured:
//         sigma 250 on a 12-megapixel photo, 4.8 s of CPU), so a blur wider than DIRECT_BLUR_SIGMA
//         is made on an image shrunk by the same factor and scaled back up: a blurred image has
//         no detail the shrinking could lose, and the cost stays that of a small blur.
//   input at most 100 megapixels (sharp's limitInputPixels).
import crypto from 'node:crypto';
import type { Metadata, Sharp } from 'sharp';
import type SharpModule from 'sharp';
import type { FileCache } from './cache';
import { badRequest } from './errors';
import { lazy } from '../lazy';

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
export const DEFAULT_MAX_BLUR = 250;
/** Blurs up to this sigma run directly on the output image; wider ones on a shrunken copy. */
export const DIRECT_BLUR_SIGMA = 10;
const MAX_INPUT_PIXELS = 100_000_000;

/** STORAGE_IMAGE_MAX_BLUR: the largest blur sigma accepted (at least 0.3), else 250. */
export function maxBlurFromEnv(env: Record<string, string | undefined> = process.env): number {
  const n = Number(env.STORAGE_IMAGE_MAX_BLUR);
  return Number.isFinite(n) && n >= 0.3 ? n : DEFAULT_MAX_BLUR;
}

/** Reads w/h/q/b/f from a query string; absent means "no transform". Bad values are a 400. */
export function parseImageParams(query: Record<string, unknown>, maxBlur = maxBlurFromEnv()): ImageParams | undefined {
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
    if (!(b >= 0.3 && b <= maxBlur)) throw badRequest(`image parameter b must be a blur sigma between 0.3 and ${maxBlur}`);
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
  /** The variant stays in the cache until released (call it when the response has ended). */
  release(): void;
}

/** Renders (or reuses) the variant of `sourcePath` for these parameters, as cache file `<namePrefix><key>`. */
export async function imageVariant(
  sourcePath: string,
  sourceEtag: string,
  params: ImageParams,
  format: OutputFormat,
  cache: FileCache,
  namePrefix: string,
): Promise<Variant> {
  const sharp = await loadSharp();
  const key = crypto.createHash('sha256').update(JSON.stringify([sourceEtag, params.w, params.h, params.q, params.b, format])).digest('hex').slice(0, 32);
  const file = await cache.use(`${namePrefix}${key}`, async (tmp) => {
    try {
      await render(sharp, sourcePath, params, format, tmp);
    } catch {
      throw badRequest('the image could not be transformed');
    }
  });
  return { path: file.path, mimeType: MIME_OF[format], size: file.size, etag: `"${key}"`, release: file.release };
}

// sharp (libvips) costs every backend start ~0.1 s of CPU to load; it loads with the first
// transform instead, outside the try that turns a failed render into a 400.
const loadSharp = lazy<typeof SharpModule>(() => import('sharp').then((m) => m.default), { what: 'the image module (sharp)' });

async function render(sharp: typeof SharpModule, sourcePath: string, params: ImageParams, format: OutputFormat, out: string): Promise<void> {
  const open = () => sharp(sourcePath, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS }).rotate();
  let pipeline: Sharp;
  if (params.b && params.b > DIRECT_BLUR_SIGMA) {
    // Wide blur: shrink by k, blur by sigma/k, scale back up to the size the plain path would give.
    const { width, height } = outputSize(await open().metadata(), params);
    const k = params.b / DIRECT_BLUR_SIGMA;
    const small = await open()
      .resize({ width: Math.max(1, Math.round(width / k)), height: Math.max(1, Math.round(height / k)), fit: 'fill' })
      .blur(Math.max(0.3, params.b / k))
      .raw()
      .toBuffer({ resolveWithObject: true });
    pipeline = sharp(small.data, { raw: { width: small.info.width, height: small.info.height, channels: small.info.channels } }).resize({ width, height, fit: 'fill' });
  } else {
    pipeline = open();
    if (params.w || params.h) pipeline = pipeline.resize({ width: params.w, height: params.h, fit: 'inside', withoutEnlargement: true });
    if (params.b) pipeline = pipeline.blur(params.b);
  }
  const quality = params.q ?? 80;
  pipeline = format === 'jpeg' ? pipeline.jpeg({ quality }) : format === 'webp' ? pipeline.webp({ quality }) : format === 'avif' ? pipeline.avif({ quality }) : pipeline.png({ quality });
  await pipeline.toFile(out);
}

/** The size `resize({fit: 'inside', withoutEnlargement: true})` gives the upright image. */
function outputSize(meta: Metadata, params: ImageParams): { width: number; height: number } {
  if (!meta.width || !meta.height) throw new Error('image without dimensions');
  const turned = (meta.orientation ?? 1) >= 5;
  const [w0, h0] = turned ? [meta.height, meta.width] : [meta.width, meta.height];
  const scale = Math.min(1, params.w ? params.w / w0 : 1, params.h ? params.h / h0 : 1);
  return { width: Math.max(1, Math.round(w0 * scale)), height: Math.max(1, Math.round(h0 * scale)) };
}
