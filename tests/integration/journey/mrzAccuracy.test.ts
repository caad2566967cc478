// How well the check-in's document reader reads the project's sample set (scripts/mrz: generated
// passports with valid check digits, photo grade: tilted, blurred, noisy, unevenly lit, JPEG), the
// same images `npm run bench:mrz` reports on. Two promises to the guest: most photos read exactly,
// and a reading the reader accepts is never a wrong one (a wrong document number passing its check
// digit would go to VIZA as the guest's). Figures and what fails: docs/journey.md "Document scanning".
import { readDocumentPhoto } from '../../../functions/_journey/documentReader';
import { sampleDocuments } from '../../../scripts/mrz/documents';
import { renderDocumentPhoto } from '../../../scripts/mrz/render';
import { isExact } from '../../../scripts/mrz/score';

const TODAY = new Date().toISOString().slice(0, 10);

it('reads photo-grade passports of the sample set: at least 8 of 10 exactly, none wrongly', async () => {
  let exact = 0;
  const wrong: string[] = [];
  for (const [i, sample] of sampleDocuments(10, 'passport').entries()) {
    const reading = await readDocumentPhoto(await renderDocumentPhoto(sample.lines, 'photo', 1000 + i), TODAY);
    if (!reading.ok) continue;
    if (isExact(sample, reading.fields)) exact++;
    else wrong.push(`${sample.lines[1]} read as ${reading.lines[1]}`);
  }
  expect(wrong, 'accepted readings with a wrong field').toEqual([]);
  expect(exact).toBeGreaterThanOrEqual(8);
}, 600_000);
