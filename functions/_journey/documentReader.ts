// Reads the MRZ of a passport or ID-card photo, entirely in memory: sharp checks the size in the
// header before decoding anything, then decodes the JPEG/PNG (orientation from EXIF, scaled inside
// 2400 x 2400), mrz-detection finds and reads the zone in a worker thread with a time limit
// (mrzWorkers.ts; its bundled OCR-B model), src/domain/mrz checks and repairs the characters.
// Nothing is written anywhere: no temp file, no log line with image data; the buffers are dropped
// when the request ends.
import sharp, { type OutputInfo, type Sharp } from 'sharp';
import { readMrzAttempts, scannedFields, type ScannedFields } from '../../src/domain/mrz';
import { estimateSkew } from '../../src/domain/mrz/skew';
import { readMrzInWorker } from './mrzWorkers';

/** JPEG (FF D8 FF) or PNG (89 50 4E 47 0D 0A 1A 0A), by content, never by name or header. */
export function imageKind(bytes: Uint8Array): 'jpeg' | 'png' | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((b, i) => bytes[i] === b)) return 'png';
  return undefined;
}

/** Pixels decoded at most (24 MP: a phone photo); libvips keeps images this size in memory. */
export const MAX_INPUT_PIXELS = 24_000_000;
/** A document page is at most about 1.6 times as long as wide; a longer strip is no document photo. */
export const MAX_ASPECT_RATIO = 3;
/** Larger photos are scaled down inside this square: the MRZ stays well over the 15 px character height it needs. */
const MAX_SIDE = 2400;
/**
 * The readings the worker knows (mrzReader.cjs): whole photo, then the located zone (a second
 * preprocessing); the second runs only when the first fails its check digits or is ambiguous, and
 * when neither passes alone their vote decides (src/domain/mrz/vote.ts). A third and fourth reading
 * (CLAHE-equalised photo; bottom of the photo with stretched levels) were measured on bench:mrz's
 * sets on 2026-11-27 and added nothing (photo grade 20/20 with two readings, hard grade 0/20 with
 * four): not kept, they would only double the wait for a photo that cannot be read.
 */
const READ_ATTEMPTS = 2;

/** Whether a photo of this size may be decoded: the numbers come from its header, nothing decoded yet. */
export function acceptablePhotoSize(width: number | undefined, height: number | undefined): boolean {
  if (!width || !height) return false;
  return width * height <= MAX_INPUT_PIXELS && Math.max(width, height) <= MAX_ASPECT_RATIO * Math.min(width, height);
}

/**
 * Rotates the photo back by `tilt` degrees and crops it to its own size again, the new corners
 * filled with the photo's average grey: white corners would shift the reader's binarisation.
 */
async function straighten(image: Sharp, tilt: number, grey: Uint8Array): Promise<Sharp> {
  let sum = 0;
  for (const v of grey) sum += v;
  const average = Math.round(sum / grey.length);
  const { data, info } = await image.clone().png({ compressionLevel: 0 }).toBuffer({ resolveWithObject: true });
  const rotated = await sharp(data).rotate(-tilt, { background: { r: average, g: average, b: average } }).png({ compressionLevel: 0 }).toBuffer({ resolveWithObject: true });
  return sharp(rotated.data).extract({
    left: Math.floor((rotated.info.width - info.width) / 2),
    top: Math.floor((rotated.info.height - info.height) / 2),
    width: info.width,
    height: info.height,
  });
}

export type DocumentReading =
  | { ok: true; fields: ScannedFields; repaired: boolean; lines: string[]; /** Readings it took (bench:mrz: what the later ones add). */ readings: number }
  | { ok: false; reason: 'not-an-image' | 'photo-size' | 'unreadable' | 'busy' };

export async function readDocumentPhoto(bytes: Buffer, today: string): Promise<DocumentReading> {
  if (!imageKind(bytes)) return { ok: false, reason: 'not-an-image' };
  let decoded: { data: Buffer; info: OutputInfo };
  try {
    // The header's size first: a small file may claim 24 000 000 pixels in a strip (decoding it
    // costs seconds of CPU and hundreds of MB), which is no document photo anyway.
    // (metadata() reads the header only; its own pixel limit would call a large photo no image.)
    const { width, height } = await sharp(bytes, { limitInputPixels: false }).metadata();
    if (!acceptablePhotoSize(width, height)) return { ok: false, reason: 'photo-size' };
    const upright = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate().resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true });
    // Straighten first: the tilt from an 800 px grey copy, then the full photo rotated back.
    const small = await upright.clone().resize({ width: 800 }).greyscale().raw().toBuffer({ resolveWithObject: true });
    const tilt = estimateSkew(small.data, small.info.width, small.info.height);
    decoded = await (Math.abs(tilt) >= 0.4 ? await straighten(upright, tilt, small.data) : upright).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  } catch {
    // Truncated, corrupt, or too many pixels: the guest takes another photo.
    return { ok: false, reason: 'not-an-image' };
  }
  // Two readings in the worker (mrzReader.cjs); the first that passes the check digits wins, else
  // their per-character vote (src/domain/mrz/vote.ts).
  const photo = { data: decoded.data, width: decoded.info.width, height: decoded.info.height, channels: decoded.info.channels };
  const found = await readMrzInWorker(photo, READ_ATTEMPTS, (attempts) => readMrzAttempts(attempts).ok);
  if (!found.ok) return { ok: false, reason: found.reason === 'busy' ? 'busy' : 'unreadable' };
  const reading = readMrzAttempts(found.attempts);
  if (!reading.ok) return { ok: false, reason: 'unreadable' };
  return { ok: true, fields: scannedFields(reading.result, reading.lines, today), repaired: reading.repaired, lines: reading.lines, readings: found.attempts.length };
}
