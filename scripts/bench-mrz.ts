// `npm run bench:mrz`: how well the check-in's document reader (functions/_journey/documentReader)
// reads generated passports (TD3) and ID cards (TD1): clean renders, photo-grade ones (tilted,
// blurred, noisy, unevenly lit, low contrast, JPEG 60) and hard ones (small, more blurred, lower
// contrast; scripts/mrz/render.ts), 10 of each kind per grade. valid = a checked MRZ came out;
// exact = every field the form gets equals the document's; wrong = accepted with a wrong field
// (must stay 0); ms = time per image in the reader (decode + locate + read + check). "1 reading"
// counts what the first reading (whole photo) gave alone, "2 + vote" what the reader gives (the
// located zone read when the first fails, then the vote of both: src/domain/mrz/vote.ts), from the
// same pass. The OCR-B font is vendored
// (tests/fixtures/fonts/OCRB.otf), so a fresh machine needs nothing installed.
import os from 'node:os';
import { readDocumentPhoto } from '../functions/_journey/documentReader';
import { sampleDocuments } from './mrz/documents';
import { renderDocumentPhoto, type Grade } from './mrz/render';
import { isExact } from './mrz/score';

const PER_KIND = Number(process.env.BENCH_MRZ_COUNT ?? 10);
const GRADES = (process.env.BENCH_MRZ_GRADES ?? 'clean,photo,hard').split(',') as Grade[];
const TODAY = new Date().toISOString().slice(0, 10);
async function run(grade: Grade, kind: 'passport' | 'id_card') {
  const samples = sampleDocuments(PER_KIND, kind);
  const score = { valid: 0, exact: 0, oneValid: 0, oneExact: 0 };
  const times: number[] = [];
  for (const [i, sample] of samples.entries()) {
    const image = await renderDocumentPhoto(sample.lines, grade, 1000 + i);
    const started = performance.now();
    const reading = await readDocumentPhoto(image, TODAY);
    times.push(performance.now() - started);
    if (!reading.ok) continue;
    const exact = isExact(sample, reading.fields);
    score.valid++;
    if (exact) score.exact++;
    if (reading.readings <= 1) {
      score.oneValid++;
      if (exact) score.oneExact++;
    }
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)];
  const mean = times.reduce((a, b) => a + b, 0) / times.length;
  return { grade, kind, n: samples.length, ...score, median, mean, max: times[times.length - 1] };
}

async function main() {
  console.log(`MRZ reader benchmark: ${PER_KIND} documents per kind and grade (mrz-detection + src/domain/mrz), load ${os.loadavg()[0].toFixed(1)}, time limit ${process.env.JOURNEY_SCAN_TIME_LIMIT_MS ?? 'default'}`);
  console.log('grade  kind      1 reading: valid exact wrong | 2 + vote: valid exact wrong | ms/image (median, mean, max)');
  const rows = [];
  const cell = (valid: number, exact: number, n: number) => `${`${valid}/${n}`.padStart(5)} ${`${exact}/${n}`.padStart(5)} ${String(valid - exact).padStart(5)}`;
  for (const grade of GRADES) {
    for (const kind of ['passport', 'id_card'] as const) {
      const r = await run(grade, kind);
      rows.push(r);
      console.log(`${r.grade.padEnd(6)} ${r.kind.padEnd(9)} ${cell(r.oneValid, r.oneExact, r.n)}             | ${cell(r.valid, r.exact, r.n)}           | ${r.median.toFixed(0)}, ${r.mean.toFixed(0)}, ${r.max.toFixed(0)}`);
    }
  }
  for (const grade of GRADES.filter((g) => g !== 'clean')) {
    const set = rows.filter((r) => r.grade === grade);
    const sum = (k: 'valid' | 'exact' | 'n' | 'oneValid' | 'oneExact') => set.reduce((a, r) => a + r[k], 0);
    console.log(`${grade} grade overall: 1 reading ${sum('oneValid')}/${sum('n')} valid, ${sum('oneExact')}/${sum('n')} exact; 2 + vote ${sum('valid')}/${sum('n')} valid, ${sum('exact')}/${sum('n')} exact, ${sum('valid') - sum('exact')} wrong`);
  }
}

void main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
