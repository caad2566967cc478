// Renders machine-readable zones as document photos for tests and `npm run bench:mrz`: the MRZ in
// the OCR-B font (vendored in tests/fixtures/fonts, public domain / permissive licence) at the
// bottom of a card with printed text above (the clean grade as it is), then, for the photo grade, tilted, blurred, noisy,
// unevenly lit, low in contrast and saved as a JPEG, as a phone photo of a passport would be.
import path from 'node:path';
import sharp from 'sharp';

export const OCR_B_FONT = path.resolve(__dirname, '../../tests/fixtures/fonts/OCRB.otf');

/** clean: a scan; photo: a phone photo; hard: a small, blurred, low-contrast one (shared/reference/mrz.md's grades). */
export type Grade = 'clean' | 'photo' | 'hard';

/** A small deterministic random source, so a seed gives the same image every time. */
export function seededRandom(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 4294967296;
  };
}

const escapeMarkup = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

async function textImage(text: string, font: string, fontfile?: string): Promise<{ buffer: Buffer; width: number; height: number }> {
  const { data, info } = await sharp({ text: { text: escapeMarkup(text), font, fontfile, dpi: 72, rgba: true, spacing: 0 } })
    .png()
    .toBuffer({ resolveWithObject: true });
  return { buffer: data, width: info.width, height: info.height };
}

/** Black-on-transparent MRZ lines, `width` pixels wide. */
async function mrzBand(lines: string[], width: number): Promise<{ buffer: Buffer; width: number; height: number }> {
  const text = await sharp({ text: { text: escapeMarkup(lines.join('\n')), font: 'OCR B 48', fontfile: OCR_B_FONT, dpi: 72, rgba: true, spacing: 20 } })
    .png()
    .toBuffer({ resolveWithObject: true });
  const height = Math.round((text.info.height * width) / text.info.width);
  // 'fill': the default 'cover' crops the rounding difference off both sides, about 3 px of the
  // first and last character of every line (a P read as 5 or D, a U as J), which no real document has.
  return { buffer: await sharp(text.data).resize(width, height, { fit: 'fill' }).png().toBuffer(), width, height };
}

/** A JPEG (photo) or PNG (clean) of a document whose MRZ is `lines`. */
export async function renderDocumentPhoto(lines: string[], grade: Grade, seed: number): Promise<Buffer> {
  const random = seededRandom(seed);
  const between = (a: number, b: number) => a + (b - a) * random();
  const hard = grade === 'hard';
  // The same number of draws in every grade, so a seed's photo stays the photo it was.
  const width = Math.round(hard ? between(700, 850) : between(950, 1300));
  const height = Math.round(width * (lines.length === 3 ? 0.63 : 0.7));
  const margin = Math.round(width * 0.04);
  const band = await mrzBand(lines, width - 2 * margin);
  const heading = await textImage(lines.length === 3 ? 'IDENTITY CARD / SZEMÉLYAZONOSÍTÓ IGAZOLVÁNY' : 'PASSPORT / ÚTLEVÉL', `DejaVu Sans Bold ${Math.round(width / 34)}`);
  const details = await textImage('Surname / Name\nGiven names\nDate of birth   Sex   Nationality\nDate of expiry', `DejaVu Sans ${Math.round(width / 40)}`);
  const photoBox = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${Math.round(width * 0.25)}" height="${Math.round(height * 0.45)}"><rect width="100%" height="100%" rx="8" fill="#9aa3ad"/></svg>`);
  const card = await sharp({ create: { width, height, channels: 3, background: '#f2eee4' } })
    .composite([
      { input: heading.buffer, left: margin, top: margin },
      { input: photoBox, left: margin, top: margin + heading.height + 20 },
      { input: details.buffer, left: Math.round(margin * 2 + width * 0.25), top: margin + heading.height + 20 },
      { input: band.buffer, left: margin, top: height - margin - band.height },
      // Uneven light: a soft shadow across one side of the card.
      {
        input: Buffer.from(
          `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="0.3"><stop offset="0" stop-color="#000" stop-opacity="${between(0.1, 0.25).toFixed(2)}"/><stop offset="1" stop-color="#000" stop-opacity="0"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/></svg>`,
        ),
        left: 0,
        top: 0,
      },
    ])
    .png()
    .toBuffer();
  // Clean: the card as it is, straight and sharp (a scan rather than a photo).
  if (grade === 'clean') return card;
  const angle = (random() < 0.5 ? -1 : 1) * between(2, 4);
  const contrast = hard ? between(0.3, 0.45) : between(0.45, 0.65);
  const rotated = await sharp(card)
    .rotate(angle, { background: '#5a5f66' })
    .blur(hard ? between(1.6, 2.4) : between(0.8, 1.5))
    .linear(contrast, 128 * (1 - contrast))
    .raw()
    .toBuffer({ resolveWithObject: true });
  const pixels = rotated.data;
  const noise = between(6, 12);
  for (let i = 0; i < pixels.length; i++) pixels[i] = Math.max(0, Math.min(255, pixels[i] + (random() - 0.5) * 2 * noise));
  return sharp(pixels, { raw: { width: rotated.info.width, height: rotated.info.height, channels: rotated.info.channels } })
    .jpeg({ quality: 60 })
    .toBuffer();
}
