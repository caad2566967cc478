// VIZA builders pinned to the reference (ntak-viza-fields.md §4.6) and the validator shared with
// the local VIZA double.
import { describe, expect, it } from 'vitest';
import { buildVizaCheckIn, buildVizaCheckOut, parseVizaStatus, validateVizaBody, VIZA_STATUS_INFO, VIZA_STATUSES, type VizaGuestInput } from '.';

const guest: VizaGuestInput = {
  id: '7d1f0a3e-5b2c-4f7e-9d3a-2b1c0e9f8a77', firstName: 'Anna', lastName: 'Kovács', birthFirstName: 'Anna', birthLastName: 'Szabó',
  motherFirstName: 'Mária', motherLastName: 'Tóth', dob: '1985-04-12', pob: 'Debrecen', gender: 'female', nationality: 'HU',
  documentId: '123456AB', documentType: 'id_card', visaNumber: null, visaDateOfEntry: null, visaPlaceOfEntry: null,
  checkinTime: '2025-03-10T14:30:00Z', checkoutTime: '2025-03-13T09:00:00Z',
  scanned: { firstName: 'ANNA', lastName: 'KOVACS', dateOfBirth: '1985-04-12', nationality: 'HUN', sex: 'F', documentType: 'id_card', documentNumber: '123456AB', image: 'data:image/png;base64,AAAA' },
};

describe('VIZA check-in', () => {
  it('sends the scanned and the corrected data, never an image', () => {
    const { body, sources } = buildVizaCheckIn([guest], '2025-03-10T14:31:00Z');
    expect(body).toEqual({
      occurredAt: '2025-03-10 14:31:00',
      guests: [{
        id: guest.id, arrival: '2025-03-10 14:30:00', departure: '2025-03-13',
        scanned: { firstName: 'ANNA', lastName: 'KOVACS', dateOfBirth: '1985-04-12', nationality: 'other', gender: 'NO', documentType: 'SZEM_IG', documentNumber: '123456AB' },
        manual: {
          firstName: 'Anna', lastName: 'Kovács', birthFirstName: 'Anna', birthLastName: 'Szabó', dateOfBirth: '1985-04-12', placeOfBirth: 'Debrecen',
          motherFirstName: 'Mária', motherLastName: 'Tóth', nationality: 'HU', gender: 'NO', documentType: 'SZEM_IG', documentNumber: '123456AB',
        },
      }],
    });
    expect(JSON.stringify(body)).not.toContain('image');
    expect(sources['guests[0]']).toEqual({ table: 'guest_checkins', id: guest.id });
    expect(validateVizaBody('check_in', body)).toEqual([]);
  });
  it('staff entry without a scan sends the typed data as both blocks', () => {
    const { body } = buildVizaCheckIn([{ ...guest, scanned: null }], '2025-03-10T14:31:00Z');
    expect(body.guests[0].scanned).toEqual(body.guests[0].manual);
  });
  it('a guest from outside the EEA needs the visa fields', () => {
    const us = { ...guest, nationality: 'US', documentType: 'passport' };
    const { body } = buildVizaCheckIn([us], '2025-03-10T14:31:00Z');
    expect(validateVizaBody('check_in', body).map((i) => i.path)).toEqual(['guests[0].visaNumber', 'guests[0].visaDateOfEntry', 'guests[0].visaPlaceOfEntry']);
    const ok = buildVizaCheckIn([{ ...us, visaNumber: 'V123', visaDateOfEntry: '2025-03-09', visaPlaceOfEntry: 'Budapest Liszt Ferenc' }], '2025-03-10T14:31:00Z');
    expect(validateVizaBody('check_in', ok.body)).toEqual([]);
    expect(ok.body.guests[0].manual.documentType).toBe('UTLEVEL');
  });
  it('names missing and malformed fields', () => {
    const issues = validateVizaBody('check_in', { occurredAt: '2025-03-10', guests: [{ id: 'x', arrival: '2025-03-10 10:00:00', departure: '2025-03-09', scanned: { firstName: 'A', documentType: 'ID', photo: 'x' }, manual: {} }] });
    expect(issues.map((i) => `${i.path}:${i.code}`)).toEqual([
      'occurredAt:pattern', 'guests[0].id:pattern', 'guests[0].departure:order', 'guests[0].scanned.photo:unknown-field', 'guests[0].scanned.lastName:required',
      'guests[0].scanned.documentNumber:required', 'guests[0].scanned.documentType:enum', 'guests[0].manual.firstName:required', 'guests[0].manual.lastName:required',
      'guests[0].manual.documentNumber:required', 'guests[0].manual.documentType:required',
    ]);
  });
});

describe('VIZA check-out and statuses', () => {
  it('names the guests by their check-in id and checks they are open', () => {
    const { body } = buildVizaCheckOut([{ id: guest.id, departedAt: '2025-03-13T08:45:00Z' }], '2025-03-13T08:46:00Z');
    expect(body).toEqual({ occurredAt: '2025-03-13 08:46:00', guests: [{ id: guest.id, departure: '2025-03-13 08:45:00' }] });
    expect(validateVizaBody('check_out', body, { openGuests: new Set([guest.id]) })).toEqual([]);
    expect(validateVizaBody('check_out', body, { openGuests: new Set() })[0]).toMatchObject({ path: 'guests[0].id', code: 'not-open' });
  });
  it('knows every module state of the spec', () => {
    expect(VIZA_STATUSES.map((s) => VIZA_STATUS_INFO[s].label)).toEqual(['OK', 'WARNING', 'ERROR', 'VIZA-OFFLINE', 'KM-OFFLINE', 'OUTOFKEYS', 'RA-OFFLINE', 'CERT-WARNING', 'CERT-EXPIRED', 'DATA-REJECTED']);
    expect(parseVizaStatus('viza-offline')).toBe('VIZA_OFFLINE');
    expect(parseVizaStatus('nope')).toBeNull();
    expect(VIZA_STATUSES.filter((s) => VIZA_STATUS_INFO[s].transient)).toEqual(['VIZA_OFFLINE', 'KM_OFFLINE', 'OUTOFKEYS', 'RA_OFFLINE']);
  });
});
