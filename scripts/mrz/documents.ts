// Made-up passports (TD3) and ID cards (TD1) with valid check digits, the same every run, for
// tests and `npm run bench:mrz`.
import { composeMrz, type MrzDocument } from '../../src/domain/mrz/compose';
import { seededRandom } from './render';

const FIRST = ['Anna', 'Péter', 'Jonas', 'Maria Luisa', 'Olivier', 'Zsófia', 'Liam', 'Chiara', 'Mateusz', 'Ingrid', 'Noah', 'Eszter'];
const LAST = ['Kovács', 'Müller', 'Rossi', 'Nowak', 'Dubois', 'Szabó-Nagy', 'Andersson', 'Smith', 'García', 'Novák', "O'Brien", 'Horváth'];
const COUNTRIES = ['HU', 'DE', 'IT', 'PL', 'FR', 'AT', 'SE', 'GB', 'ES', 'CZ', 'NL', 'US'];
const ALNUM = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';

export interface SampleDocument {
  doc: MrzDocument;
  lines: string[];
}

export function sampleDocuments(count: number, kind: MrzDocument['kind'], seed = 1): SampleDocument[] {
  const random = seededRandom(seed * 7919 + (kind === 'passport' ? 1 : 2));
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];
  const digits = (n: number) => Array.from({ length: n }, () => Math.floor(random() * 10)).join('');
  const day = (from: number, to: number) => {
    const year = from + Math.floor(random() * (to - from));
    return `${year}-${String(1 + Math.floor(random() * 12)).padStart(2, '0')}-${String(1 + Math.floor(random() * 28)).padStart(2, '0')}`;
  };
  return Array.from({ length: count }, () => {
    const country = pick(COUNTRIES);
    const doc: MrzDocument = {
      kind,
      issuingCountry: country,
      nationality: country,
      lastName: pick(LAST),
      firstName: pick(FIRST),
      documentNumber: Array.from({ length: 2 }, () => ALNUM[Math.floor(random() * 23)]).join('') + digits(7),
      birthDate: day(1950, 2015),
      expiryDate: day(2027, 2036),
      sex: random() < 0.5 ? 'female' : 'male',
    };
    return { doc, lines: composeMrz(doc) };
  });
}
