import { describe, expect, it } from 'vitest';
import { parse } from 'mrz';
import { checkDigit, composeMrz } from './compose';

describe('composeMrz', () => {
  it('computes ICAO check digits (the 9303 specimen)', () => {
    expect(checkDigit('L898902C3')).toBe('6');
    expect(checkDigit('740812')).toBe('2');
    expect(checkDigit('120415')).toBe('9');
  });

  it('writes a passport (TD3) that the mrz parser finds valid', () => {
    const lines = composeMrz({ kind: 'passport', issuingCountry: 'HU', nationality: 'HU', lastName: 'Kovács', firstName: 'Anna Mária', documentNumber: 'BA1234567', birthDate: '1985-04-12', expiryDate: '2031-05-01', sex: 'female' });
    expect(lines).toEqual(['P<HUNKOVACS<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<<<', 'BA12345675HUN8504124F3105010<<<<<<<<<<<<<<06']);
    const result = parse(lines);
    expect(result.valid).toBe(true);
    expect(result.fields).toMatchObject({ lastName: 'KOVACS', firstName: 'ANNA MARIA', documentNumber: 'BA1234567', birthDate: '850412', sex: 'female', nationality: 'HUN' });
  });

  it('writes an ID card (TD1) that the mrz parser finds valid', () => {
    const lines = composeMrz({ kind: 'id_card', issuingCountry: 'DE', nationality: 'DE', lastName: 'Müller', firstName: 'Jonas', documentNumber: 'T22000129', birthDate: '1990-11-03', expiryDate: '2030-01-31', sex: 'male' });
    expect(lines.map((l) => l.length)).toEqual([30, 30, 30]);
    const result = parse(lines);
    expect(result.valid).toBe(true);
    expect(result.fields).toMatchObject({ lastName: 'MULLER', firstName: 'JONAS', documentNumber: 'T22000129', birthDate: '901103', sex: 'male' });
  });
});
