// Reads the MRZ of a passport or ID-card photo, entirely in memory: sharp decodes the JPEG/PNG
// (bounded size, orientation from EXIF), mrz-detection finds and reads the zone (its bundled OCR-B
// model), src/domain/mrz checks and repairs the characters. Nothing is written anywhere: no temp
// file, no log line with image data; the buffers are dropped when the request ends.
import sharp, { type OutputInfo, type Sharp } from 'sharp';
import { readMrzLines, scannedFields, type ScannedFields } from '../../src/domain/mrz';
import { estimateSkew } from '../../src/domain/mrz/skew';

/** JPEG (FF D8 FF) or PNG (89 50 4E 47 0D 0A 1A 0A), by content, never by name or header. */
export function imageKind(bytes: Uint8Array): 'jpeg' | 'png' | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((b, i) => bytes[i] === b)) return 'png';
  return undefined;
}

/** Pixels decoded at most (24 MP: a phone photo); libvips keeps images this size in memory. */
const MAX_INPUT_PIXELS = 24_000_000;
/** Wider photos are scaled down first: the MRZ stays well over the 15 px character height it needs. */
const MAX_WIDTH = 2400;

type MrzDetection = { getMrz(image: ImageJs): ImageJs; readMrz(image: ImageJs): Promise<{ mrz: string[] }> };
interface ImageJs {
  width: number;
  height: number;
  grey(): ImageJs;
}
type ImageCtor = new (width: number, height: number, data: Uint8Array, options: { kind: string }) => ImageJs;

let modules: { detection: MrzDetection; Image: ImageCtor } | undefined;
function load() {
  // CommonJS packages without types, loaded on first use (the model loads once per process).
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  modules ??= { detection: require('mrz-detection') as MrzDetection, Image: (require('image-js') as { Image: ImageCtor }).Image };
  return modules;
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

export type DocumentReading = { ok: true; fields: ScannedFields; repaired: boolean; lines: string[] } | { ok: false; reason: 'not-an-image' | 'unreadable' };

export async function readDocumentPhoto(bytes: Buffer, today: string): Promise<DocumentReading> {
  if (!imageKind(bytes)) return { ok: false, reason: 'not-an-image' };
  let decoded: { data: Buffer; info: OutputInfo };
  try {
    const upright = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate().resize({ width: MAX_WIDTH, withoutEnlargement: true });
    // Straighten first: the tilt from an 800 px grey copy, then the full photo rotated back.
    const small = await upright.clone().resize({ width: 800 }).greyscale().raw().toBuffer({ resolveWithObject: true });
    const tilt = estimateSkew(small.data, small.info.width, small.info.height);
    decoded = await (Math.abs(tilt) >= 0.4 ? await straighten(upright, tilt, small.data) : upright).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  } catch {
    // Truncated, corrupt, or too many pixels: the guest takes another photo.
    return { ok: false, reason: 'not-an-image' };
  }
  const { detection, Image } = load();
  const image = new Image(decoded.info.width, decoded.info.height, decoded.data, { kind: decoded.info.channels === 1 ? 'GREY' : 'RGB' });
  // Two ways to the characters: the reader's own line finder on the whole photo (keeps the bottom
  // lines; copes with a few degrees of tilt), then its MRZ locator's crop (for a zone that is small
  // in the frame). The first reading that passes the check digits wins.
  const attempts = [() => detection.readMrz(image.grey()), () => detection.readMrz(detection.getMrz(image))];
  let reading: ReturnType<typeof readMrzLines> = { ok: false, reason: 'unreadable' };
  for (const attempt of attempts) {
    try {
      reading = readMrzLines((await attempt()).mrz);
    } catch {
      continue;
    }
    if (reading.ok) break;
  }
  if (!reading.ok) return { ok: false, reason: 'unreadable' };
  return { ok: true, fields: scannedFields(reading.result, reading.lines, today), repaired: reading.repaired, lines: reading.lines };
}
