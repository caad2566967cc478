import { describe, expect, it } from 'vitest';
import { composeMrz } from './compose';
import { readMrzLines } from './read';
import { characterVote, readMrzAttempts, voteMrzReadings } from './vote';

const passport = composeMrz({ kind: 'passport', issuingCountry: 'HU', nationality: 'HU', lastName: 'Kovács', firstName: 'Anna Mária', documentNumber: 'BA1234567', birthDate: '1985-04-12', expiryDate: '2031-05-01', sex: 'female' });
const idCard = composeMrz({ kind: 'id_card', issuingCountry: 'DE', nationality: 'DE', lastName: 'Müller', firstName: 'Jonas', documentNumber: 'T22000129', birthDate: '1990-11-03', expiryDate: '2030-01-31', sex: 'male' });

/** The MRZ with characters replaced: [row, col, char]. */
const misread = (lines: string[], ...changes: [number, number, string][]) =>
  changes.reduce((acc, [row, col, c]) => acc.map((line, r) => (r === row ? line.slice(0, col) + c + line.slice(col + 1) : line)), lines);

describe('voteMrzReadings', () => {
  it('recovers the MRZ from three readings each too damaged to pass on its own', () => {
    // Each reading has two misreads (document number and birth date) in places the others read right.
    const readings = [misread(passport, [1, 2, '7'], [1, 14, '9']), misread(passport, [1, 4, '8'], [1, 16, '3']), misread(passport, [1, 6, '0'], [1, 18, '5'])];
    for (const reading of readings) expect(readMrzLines(reading).ok).toBe(false);
    expect(voteMrzReadings(readings)).toMatchObject({ ok: true, lines: passport, repaired: true });
  });

  it('settles a name the readings disagree on by majority (names carry no check digit)', () => {
    const readings = [misread(passport, [0, 6, 'X']), passport, misread(passport, [0, 12, 'Q'], [1, 3, 'Z'])];
    expect(voteMrzReadings(readings)).toMatchObject({ ok: true, lines: passport });
  });

  it('takes from a two-reading tie the only mix that passes every check digit', () => {
    const readings = [misread(idCard, [0, 7, '8']), misread(idCard, [1, 2, '7'])];
    expect(voteMrzReadings(readings)).toMatchObject({ ok: true, lines: idCard });
  });

  it('refuses a tie in a name: both mixes pass the check digits, neither is known right', () => {
    expect(voteMrzReadings([passport, misread(passport, [0, 8, 'W'])])).toEqual({ ok: false, reason: 'ambiguous' });
  });

  it('refuses a majority that fails its check digits rather than trusting it', () => {
    const wrong = misread(passport, [1, 3, '9'], [1, 5, '1']);
    expect(voteMrzReadings([wrong, wrong, passport])).toMatchObject({ ok: false });
  });

  it('votes among the readings of the format most of them have, ignoring a stray one', () => {
    const readings = [misread(passport, [1, 2, '7'], [1, 14, '9']), ['SOMETHING<ELSE<ON<THE<CARD<<<', 'IDD<<T220001293<<<<<<<<<<<<<<<', '9011039M3001313D<<<<<<<<<<<<<4'], misread(passport, [1, 4, '8'], [1, 16, '3']), misread(passport, [1, 6, '0'], [1, 18, '5'])];
    expect(voteMrzReadings(readings)).toMatchObject({ ok: true, lines: passport });
  });

  it('gives up on readings that disagree in too many places', () => {
    const far = misread(passport, [1, 0, 'Z'], [1, 1, 'Z'], [1, 2, 'Z'], [1, 3, 'Z'], [1, 4, 'Z'], [1, 5, 'Z'], [1, 6, 'Z']);
    expect(voteMrzReadings([passport, far])).toEqual({ ok: false, reason: 'ambiguous' });
  });

  it('says unreadable when no reading has MRZ lines', () => {
    expect(voteMrzReadings([null, ['HELLO'], null])).toEqual({ ok: false, reason: 'unreadable' });
  });
});

describe('characterVote', () => {
  it('keeps the clear winner and every character of a tie', () => {
    expect(characterVote([['AB'], ['AC'], ['AB']])).toEqual([[['A'], ['B']]]);
    expect(characterVote([['AB'], ['AC']])).toEqual([[['A'], ['B', 'C']]]);
  });
});

describe('readMrzAttempts', () => {
  it('takes the first reading that passes on its own, in order', () => {
    expect(readMrzAttempts([null, idCard, passport])).toMatchObject({ ok: true, lines: idCard });
  });

  it('votes when no reading passes on its own', () => {
    const readings = [misread(passport, [1, 2, '7'], [1, 14, '9']), null, misread(passport, [1, 4, '8'], [1, 16, '3']), misread(passport, [1, 6, '0'], [1, 18, '5'])];
    expect(readMrzAttempts(readings)).toMatchObject({ ok: true, lines: passport });
    expect(readMrzAttempts([null, null])).toEqual({ ok: false, reason: 'unreadable' });
  });
});
