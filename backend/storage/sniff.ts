// Recognises a file's real type from its first bytes (magic numbers), so a bucket's type limits
// hold even when a client lies about Content-Type.

const TEXT_LIKE = /^(text\/[\w.+-]+|application\/(json|xml|ld\+json|csv|javascript|x-yaml|yaml)|image\/svg\+xml)$/;

/** Types we can recognise from bytes: a client may not claim one of these for other bytes. */
export const SIGNATURE_TYPES = new Set([
  'image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif', 'image/heic', 'image/bmp', 'image/tiff',
  'image/x-icon', 'application/pdf', 'application/zip', 'application/gzip', 'video/mp4', 'video/webm',
  'audio/mpeg', 'audio/ogg', 'audio/wav', 'application/x-cfb', 'image/svg+xml',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.oasis.opendocument.text', 'application/vnd.oasis.opendocument.spreadsheet',
]);

const startsWith = (b: Buffer, bytes: number[], offset = 0) => bytes.every((x, i) => b[offset + i] === x);
const ascii = (b: Buffer, from: number, to: number) => b.subarray(from, to).toString('latin1');

/** The type the bytes show, 'text' for readable text, or undefined for unknown binary. */
export function sniffBytes(head: Buffer): string | undefined {
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (ascii(head, 0, 6) === 'GIF87a' || ascii(head, 0, 6) === 'GIF89a') return 'image/gif';
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') return 'image/webp';
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WAVE') return 'audio/wav';
  if (ascii(head, 4, 8) === 'ftyp') {
    const brand = ascii(head, 8, 12);
    if (brand === 'avif' || brand === 'avis') return 'image/avif';
    if (['heic', 'heix', 'mif1', 'msf1'].includes(brand)) return 'image/heic';
    return 'video/mp4';
  }
  if (ascii(head, 0, 2) === 'BM' && head.length > 14) return 'image/bmp';
  if (startsWith(head, [0x49, 0x49, 0x2a, 0x00]) || startsWith(head, [0x4d, 0x4d, 0x00, 0x2a])) return 'image/tiff';
  if (startsWith(head, [0x00, 0x00, 0x01, 0x00])) return 'image/x-icon';
  if (ascii(head, 0, 5) === '%PDF-') return 'application/pdf';
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) return zipFlavour(head);
  if (startsWith(head, [0x1f, 0x8b])) return 'application/gzip';
  if (startsWith(head, [0x1a, 0x45, 0xdf, 0xa3])) return 'video/webm';
  if (ascii(head, 0, 3) === 'ID3' || startsWith(head, [0xff, 0xfb]) || startsWith(head, [0xff, 0xf3])) return 'audio/mpeg';
  if (ascii(head, 0, 4) === 'OggS') return 'audio/ogg';
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'application/x-cfb';
  if (looksLikeText(head)) return /^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>]/i.test(head.toString('utf8')) ? 'image/svg+xml' : 'text';
  return undefined;
}

function zipFlavour(head: Buffer): string {
  const s = head.toString('latin1');
  if (s.includes('mimetypeapplication/vnd.oasis.opendocument.text')) return 'application/vnd.oasis.opendocument.text';
  if (s.includes('mimetypeapplication/vnd.oasis.opendocument.spreadsheet')) return 'application/vnd.oasis.opendocument.spreadsheet';
  if (s.includes('word/')) return 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
  if (s.includes('xl/')) return 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  if (s.includes('ppt/')) return 'application/vnd.openxmlformats-officedocument.presentationml.presentation';
  return 'application/zip';
}

function looksLikeText(head: Buffer): boolean {
  if (head.length === 0) return true;
  if (head.includes(0)) return false;
  // A cut-off multi-byte character at the end of the sample is fine; anything else must be UTF-8.
  const sample = head.subarray(0, Math.max(0, head.length - 3));
  return !new TextDecoder('utf-8', { fatal: false }).decode(sample).includes('\ufffd');
}

/**
 * The MIME type to record: what the bytes prove wins; for text the client's textual type is kept
 * (CSV vs JSON cannot be told apart reliably); for unknown binary the client's type is kept unless
 * it claims a type we would have recognised.
 */
export function effectiveMimeType(declared: string | undefined, head: Buffer): string {
  const claimed = (declared ?? '').split(';')[0].trim().toLowerCase();
  const sniffed = sniffBytes(head);
  if (sniffed === 'image/svg+xml') return sniffed;
  if (sniffed === 'application/x-cfb') return claimed.startsWith('application/') && !SIGNATURE_TYPES.has(claimed) ? claimed : 'application/x-cfb';
  if (sniffed === 'application/zip' && claimed.startsWith('application/') && !SIGNATURE_TYPES.has(claimed)) return claimed;
  if (sniffed && sniffed !== 'text') return sniffed;
  if (sniffed === 'text') return TEXT_LIKE.test(claimed) && claimed !== 'image/svg+xml' ? claimed : 'text/plain';
  if (!claimed || claimed === 'application/octet-stream' || SIGNATURE_TYPES.has(claimed) || TEXT_LIKE.test(claimed)) return 'application/octet-stream';
  return claimed;
}

/** `allowed` entries are exact types or `type/*`; no list means anything goes. */
export function mimeTypeAllowed(mime: string, allowed: readonly string[] | null | undefined): boolean {
  if (!allowed || allowed.length === 0) return true;
  return allowed.some((a) => a === mime || (a.endsWith('/*') && mime.startsWith(a.slice(0, -1))));
}
