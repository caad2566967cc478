import { describe, expect, it } from 'vitest';
import { composeMrz } from './compose';
import { alpha2FromMrz, mrzCountry } from './countries';
import { mrzDate, nameCase, scannedFields } from './fields';
import { fitLength, readMrzLines, shapeLines } from './read';

const passport = composeMrz({ kind: 'passport', issuingCountry: 'HU', nationality: 'HU', lastName: 'Kovács', firstName: 'Anna Mária', documentNumber: 'BA1234567', birthDate: '1985-04-12', expiryDate: '2031-05-01', sex: 'female' });
const idCard = composeMrz({ kind: 'id_card', issuingCountry: 'DE', nationality: 'DE', lastName: 'Müller', firstName: 'Jonas', documentNumber: 'T22000129', birthDate: '1990-11-03', expiryDate: '2030-01-31', sex: 'male' });
const TODAY = '2026-11-25';

describe('shapeLines', () => {
  it('cleans case, spaces and stray characters', () => {
    expect(shapeLines([' p<hunkovacs<<anna<maria<<<<<<<<<<<<<<<<<<<<< ', passport[1].replace('<<<<', '<«<<')])).toEqual(passport);
  });

  it('fits a line that gained or lost fillers at its longest < run', () => {
    expect(fitLength('AB<<<<CD<E', 8)).toBe('AB<<CD<E');
    expect(fitLength('AB<<CD<E', 10)).toBe('AB<<<<CD<E');
    expect(shapeLines([passport[0] + '<<', passport[1]])).toEqual(passport);
    expect(shapeLines(idCard.map((l, i) => (i === 2 ? l.slice(0, 28) : l)))).toEqual(idCard);
  });

  it('drops noise lines above the MRZ and refuses what fits no format', () => {
    expect(shapeLines(['PASSPORT UTLEVEL HUNGARY', ...passport])).toEqual(passport);
    expect(shapeLines(['HELLO'])).toBeUndefined();
    expect(shapeLines(['A'.repeat(20), 'B'.repeat(20)])).toBeUndefined();
  });
});

describe('readMrzLines', () => {
  it('reads valid passports and ID cards as they are', () => {
    expect(readMrzLines(passport)).toMatchObject({ ok: true, repaired: false, lines: passport });
    expect(readMrzLines(idCard)).toMatchObject({ ok: true, repaired: false, lines: idCard });
  });

  it('repairs one misread character when exactly one repair is valid', () => {
    // I for 1 in the document number: only putting the 1 back passes its check digit.
    expect(readMrzLines([passport[0], passport[1].replace('BA1234567', 'BAI234567')])).toMatchObject({ ok: true, repaired: true, lines: passport });
    // O for 0 in a date: the parser's letter/digit autocorrection, flagged as a repair too.
    const date = readMrzLines([passport[0], passport[1].replace('HUN8504', 'HUN85O4')]);
    expect(date).toMatchObject({ ok: true, repaired: true });
    if (date.ok) expect(date.result.fields.birthDate).toBe('850412');
  });

  it('refuses a repair that is not the only valid one (S for 5: both 5 and B->8 pass the check digits)', () => {
    expect(readMrzLines([passport[0], passport[1].replace('BA1234567', 'BA1234S67')])).toEqual({ ok: false, reason: 'ambiguous' });
    expect(readMrzLines([passport[0], passport[1].replace('BA1234567', 'BA1Z34567')])).toEqual({ ok: false, reason: 'ambiguous' });
  });

  it('refuses a reading that no single repair makes valid', () => {
    expect(readMrzLines([passport[0], passport[1].replace('BA1234567', 'BA1294587')])).toEqual({ ok: false, reason: 'invalid' });
    expect(readMrzLines([passport[0], passport[1].replace('BA1234567', 'BA12345B7')])).toEqual({ ok: false, reason: 'invalid' });
  });

  it("sets a passport's document code to P (readers take it for 5 or D; it has no check digit)", () => {
    expect(readMrzLines(['5' + passport[0].slice(1), passport[1]])).toMatchObject({ ok: true, lines: passport });
    expect(readMrzLines(['D' + passport[0].slice(1), passport[1]])).toMatchObject({ ok: true, lines: passport });
  });

  it('says unreadable for text that is no MRZ', () => {
    expect(readMrzLines(['Hello world this is not an MRZ'])).toEqual({ ok: false, reason: 'unreadable' });
    expect(readMrzLines([])).toEqual({ ok: false, reason: 'unreadable' });
  });
});

describe('scannedFields', () => {
  it('fills the check-in form from a passport', () => {
    const reading = readMrzLines(passport);
    if (!reading.ok) throw new Error('unreadable');
    expect(scannedFields(reading.result, reading.lines, TODAY)).toEqual({
      firstName: 'Anna Maria', lastName: 'Kovacs', dob: '1985-04-12', gender: 'female', nationality: 'HU', documentType: 'passport',
      documentId: 'BA1234567', documentExpiry: '2031-05-01', issuingCountry: 'HU',
    });
  });

  it('fills the form from a German ID card (D<< is Germany)', () => {
    const reading = readMrzLines(idCard);
    if (!reading.ok) throw new Error('unreadable');
    expect(scannedFields(reading.result, reading.lines, TODAY)).toMatchObject({ firstName: 'Jonas', lastName: 'Muller', dob: '1990-11-03', gender: 'male', nationality: 'DE', documentType: 'id_card', documentId: 'T22000129', documentExpiry: '2030-01-31' });
  });

  it('puts two-digit years in the right century', () => {
    expect(mrzDate('270101', 'birth', TODAY)).toBe('1927-01-01');
    expect(mrzDate('250101', 'birth', TODAY)).toBe('2025-01-01');
    expect(mrzDate('261124', 'birth', TODAY)).toBe('2026-11-24');
    expect(mrzDate('261126', 'birth', TODAY)).toBe('1926-11-26');
    expect(mrzDate('310501', 'expiry', TODAY)).toBe('2031-05-01');
    expect(mrzDate('991301', 'expiry', TODAY)).toBeNull();
    expect(mrzDate('12AB01', 'birth', TODAY)).toBeNull();
  });

  it('capitalises names and maps countries', () => {
    expect(nameCase('ANNA MARIA')).toBe('Anna Maria');
    expect(nameCase('SZABO-NAGY')).toBe('Szabo-Nagy');
    expect(alpha2FromMrz('HUN')).toBe('HU');
    expect(alpha2FromMrz('D<<')).toBe('DE');
    expect(alpha2FromMrz('UTO')).toBeUndefined();
    expect(mrzCountry('GB')).toBe('GBR');
  });
});

describe('readMrzLines: misreads seen on photo-grade passports (scripts/mrz, bench:mrz)', () => {
  const rossi = ['P<AUTROSSI<<PETER<<<<<<<<<<<<<<<<<<<<<<<<<<<', 'UJ65030919AUT9810215F2712011<<<<<<<<<<<<<<08'];
  const garcia = ['P<POLGARCIA<<JONAS<<<<<<<<<<<<<<<<<<<<<<<<<<', 'KH75842382POL5808038F2702102<<<<<<<<<<<<<<00'];

  it('puts back a first character read as a filler inside the document number, although the check digit passed', () => {
    // K and < both count 0 at that position: the wrong number "passed" its check digit.
    const read = readMrzLines([garcia[0], '<' + garcia[1].slice(1)]);
    expect(read).toMatchObject({ ok: true, repaired: true, lines: garcia });
    if (read.ok) expect(read.result.fields.documentNumber).toBe('KH7584238');
  });

  it('refuses a document number with a filler inside that no single repair explains', () => {
    expect(readMrzLines([garcia[0], 'KH7<842382POL5808038F2702102<<<<<<<<<<<<<<00'])).toMatchObject({ ok: false });
  });

  it('still refuses a first character that two repairs explain (the guest retakes the photo)', () => {
    // J for U at the start: U at column 0 and I for J at column 1 both pass the check digits; a
    // preference for the line start would take B for 8 in "8A1234S67" the same way and be wrong.
    expect(readMrzLines([rossi[0], 'J' + rossi[1].slice(1)])).toEqual({ ok: false, reason: 'ambiguous' });
  });
});
