// `npm run bench:mrz`: how well the check-in's document reader (functions/_journey/documentReader)
// reads generated passports (TD3) and ID cards (TD1): clean renders and photo-grade ones (tilted,
// blurred, noisy, unevenly lit, low contrast, JPEG 60; scripts/mrz/render.ts), 10 of each kind per
// grade. valid = a checked MRZ came out; exact = every field the form gets equals the document's;
// ms = time per image in the reader (decode + locate + read + check). The OCR-B font is vendored
// (tests/fixtures/fonts/OCRB.otf), so a fresh machine needs nothing installed.
import { readDocumentPhoto } from '../functions/_journey/documentReader';
import { sampleDocuments } from './mrz/documents';
import { renderDocumentPhoto, type Grade } from './mrz/render';
import { isExact } from './mrz/score';

const PER_KIND = Number(process.env.BENCH_MRZ_COUNT ?? 10);
const TODAY = new Date().toISOString().slice(0, 10);
async function run(grade: Grade, kind: 'passport' | 'id_card') {
  const samples = sampleDocuments(PER_KIND, kind);
  let valid = 0;
  let exact = 0;
  const times: number[] = [];
  for (const [i, sample] of samples.entries()) {
    const image = await renderDocumentPhoto(sample.lines, grade, 1000 + i);
    const started = performance.now();
    const reading = await readDocumentPhoto(image, TODAY);
    times.push(performance.now() - started);
    if (!reading.ok) continue;
    valid++;
    if (isExact(sample, reading.fields)) exact++;
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)];
  const mean = times.reduce((a, b) => a + b, 0) / times.length;
  return { grade, kind, n: samples.length, valid, exact, median, mean, max: times[times.length - 1] };
}

async function main() {
  console.log(`MRZ reader benchmark: ${PER_KIND} documents per kind and grade (mrz-detection + src/domain/mrz)`);
  console.log('grade  kind      valid  exact  ms/image (median, mean, max)');
  const rows = [];
  for (const grade of ['clean', 'photo'] as const) {
    for (const kind of ['passport', 'id_card'] as const) {
      const r = await run(grade, kind);
      rows.push(r);
      console.log(`${r.grade.padEnd(6)} ${r.kind.padEnd(9)} ${`${r.valid}/${r.n}`.padStart(5)}  ${`${r.exact}/${r.n}`.padStart(5)}  ${r.median.toFixed(0)}, ${r.mean.toFixed(0)}, ${r.max.toFixed(0)}`);
    }
  }
  const photo = rows.filter((r) => r.grade === 'photo');
  const sum = (k: 'valid' | 'exact' | 'n') => photo.reduce((a, r) => a + r[k], 0);
  console.log(`photo grade overall: ${sum('valid')}/${sum('n')} valid, ${sum('exact')}/${sum('n')} exact`);
}

void main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
