// How well the check-in's document reader reads the project's sample set (scripts/mrz: generated
// passports with valid check digits, photo grade: tilted, blurred, noisy, unevenly lit, JPEG), the
// same images `npm run bench:mrz` reports on. Two promises to the guest: most photos read exactly,
// and a reading the reader accepts is never a wrong one (a wrong document number passing its check
// digit would go to VIZA as the guest's). Figures and what fails: docs/guest-journey.md "Document scanning".
import { readDocumentPhoto } from '../../../functions/_journey/documentReader';
import { sampleDocuments } from '../../../scripts/mrz/documents';
import { renderDocumentPhoto } from '../../../scripts/mrz/render';
import { isExact } from '../../../scripts/mrz/score';
import { withEnv } from '../../helpers/env';

const TODAY = new Date().toISOString().slice(0, 10);
// What is read, not how fast: on a loaded machine a reading may pass the scan's 20 s limit
// (scanLimits.test.ts tests the limit; bench:mrz reports the time). Set for this file's readings
// only: the files after it in a shared worker get the limit they had.
const TIME_LIMIT = { JOURNEY_SCAN_TIME_LIMIT_MS: process.env.JOURNEY_SCAN_TIME_LIMIT_MS ?? '300000' };

it('reads photo-grade passports of the sample set: all 10 exactly, none wrongly', async () => {
  let exact = 0;
  const wrong: string[] = [];
  for (const [i, sample] of sampleDocuments(10, 'passport').entries()) {
    const photo = await renderDocumentPhoto(sample.lines, 'photo', 1000 + i);
    const reading = await withEnv(TIME_LIMIT, () => readDocumentPhoto(photo, TODAY));
    if (!reading.ok) continue;
    if (isExact(sample, reading.fields)) exact++;
    else wrong.push(`${sample.lines[1]} read as ${reading.lines[1]}`);
  }
  expect(wrong, 'accepted readings with a wrong field').toEqual([]);
  // 10/10 since the generator stopped clipping each line's first character (bench:mrz, 2026-11-27).
  expect(exact).toBe(10);
}, 600_000);
