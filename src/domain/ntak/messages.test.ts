// NTAK builders pinned to the reference (ntak-viza-fields.md): field names, enum values, formats
// and the HUF amounts, with the validator (shared with the local NTAK double) run on each result.
import { describe, expect, it } from 'vitest';
import {
  buildCheckIn, buildCheckOut, buildDailyClose, buildEnvelope, buildGuest, buildReservation, buildRoomChange, certificateState, daysToClose, fixTargetFor,
  MissingRateError, countryOrOther, isNtakCountryCode, ntakCountry, ntakTimestamp, toHuf, validateNtakBody, validateNtakHeader,
  type BookedUnitInput, type BookingInput, type GuestInput, type UnitInput,
} from '.';

const rates = [
  { date: '2025-03-01', currency: 'EUR' as const, rateHuf: 400 },
  { date: '2025-03-10', currency: 'EUR' as const, rateHuf: 395.5 },
];
const unit: UnitInput = { id: 'u1', name: 'A1', category: 'APARTMAN', singleBeds: 1, doubleBeds: 1, tempBeds: 0, occAdults: 3, occChildren: 1, occInfants: 0 };
const studio: UnitInput = { ...unit, id: 'u2', name: 'B2', category: 'STUDIO', doubleBeds: 0, occAdults: 2, occChildren: 0 };
const anna: GuestInput = { id: 'g1', ntakGuestId: '4f7c1c1e-2a5b-4a59-9a59-1c8e2d7d0a11', gender: 'female', dob: '1957-06-02', nationality: 'de', country: 'AT', zip: '04070', touristTaxStatus: 'KOTELES' };
const kid: GuestInput = { id: 'g2', ntakGuestId: '0b8f6c55-7a1d-4c1e-8d5e-3b1d6a2f9e22', gender: 'male', dob: '2015-01-20', nationality: 'HU', country: 'HU', zip: '1061', touristTaxStatus: 'IM1' };
const stay: BookedUnitInput = { id: 'bu1', unit, checkin: '2025-03-10', checkout: '2025-03-13', adults: 1, children: 1, infants: 0, cancelled: false, guests: [anna, kid] };
const booking: BookingInput = {
  id: 'b-0001', channel: 'airbnb', status: 'new', customerCountry: 'DE', checkin: '2025-03-10', checkout: '2025-03-13', adults: 1, children: 1, infants: 0,
  currency: 'EUR', accommodationFee: 300, cleaningFee: 30.5, createdAt: '2025-03-02T09:15:00Z', bookedUnits: [stay],
};

describe('guest and unit', () => {
  it('anonymises a guest to the documented fields', () => {
    expect(buildGuest(anna)).toEqual({
      guestNumber: '4f7c1c1e-2a5b-4a59-9a59-1c8e2d7d0a11', gender: 'NO', yearOfBirth: 1957,
      nationalityCountryCode: 'DE', residenceCountryCode: 'AT', residencePostCode: '04070', touristTaxStatus: 'KOTELES',
    });
    expect(JSON.stringify(buildGuest(anna))).not.toMatch(/g1|1957-06-02/);
  });
  it('sends a missing country as other, XK as itself, and an unknown code as it is so the registry names it', () => {
    expect([ntakCountry('XK'), ntakCountry(null), ntakCountry(' '), ntakCountry('hu')]).toEqual(['XK', 'other', 'other', 'HU']);
    expect([ntakCountry('ZZ'), ntakCountry('uk')]).toEqual(['ZZ', 'UK']);
    expect([countryOrOther('ZZ'), countryOrOther('at'), countryOrOther(undefined)]).toEqual(['other', 'AT', 'other']);
    expect([isNtakCountryCode('GB'), isNtakCountryCode('XK'), isNtakCountryCode('UK'), isNtakCountryCode('XX'), isNtakCountryCode('gb'), isNtakCountryCode('other'), isNtakCountryCode(36), isNtakCountryCode('G'.repeat(100_000))]).toEqual([true, true, false, false, false, false, false, false]);
  });
  it('formats timestamps as Y-m-d H:i:s UTC, or ISO when configured', () => {
    expect(ntakTimestamp('2025-03-10T14:05:09+01:00')).toBe('2025-03-10 13:05:09');
    expect(ntakTimestamp('2025-03-10T14:05:09+01:00', 'iso')).toBe('2025-03-10T13:05:09Z');
  });
});

describe('money', () => {
  it('converts EUR at the stored rate of the day, or the latest earlier one', () => {
    expect(toHuf({ amount: 85.5, currency: 'EUR' }, '2025-03-05', rates)).toBe(34200);
    expect(toHuf({ amount: 85.5, currency: 'EUR' }, '2025-03-11', rates)).toBe(33815); // 33815.25
    expect(toHuf({ amount: 12345, currency: 'HUF' }, '2020-01-01', rates)).toBe(12345);
    expect(() => toHuf({ amount: 1, currency: 'EUR' }, '2025-02-28', rates)).toThrow(MissingRateError);
  });
});

describe('reservation', () => {
  it('builds a new reservation with the gross amount in HUF', () => {
    const { body } = buildReservation(booking, '2025-03-02T09:15:03Z', rates);
    expect(body).toEqual({
      reservationNumber: 'b-0001', occurredAt: '2025-03-02 09:15:03', reservedAt: '2025-03-02 09:15:00', cancelled: false,
      arrival: '2025-03-10', departure: '2025-03-13', guestCount: 2, marketSegment: 'SZABADIDOS_EGYENI', salesChannel: 'KOZVETITO_ONLINE',
      grossAmount: 132200, nationality: 'DE', bookedResidentialUnits: [{ type: 'APARTMAN', capacity: 4 }],
    });
    expect(validateNtakBody('reservation', body)).toEqual([]);
  });
  it('a cancellation is the same message with cancelled=true', () => {
    const { body } = buildReservation({ ...booking, status: 'cancelled', bookedUnits: [{ ...stay, cancelled: true }] }, '2025-03-05T10:00:00Z', rates);
    expect(body.cancelled).toBe(true);
    expect(body.bookedResidentialUnits).toHaveLength(1);
    expect(validateNtakBody('reservation', body)).toEqual([]);
  });
  it('a booker country NTAK does not know (a row older than the check) is refused on the country field, fixed on the booking', () => {
    const { body, sources } = buildReservation({ ...booking, customerCountry: 'UK' }, '2025-03-02T09:15:03Z', rates);
    expect(body.nationality).toBe('UK');
    const issues = validateNtakBody('reservation', body);
    expect(issues.map((i) => `${i.path}:${i.code}`)).toEqual(['nationality:enum']);
    expect(fixTargetFor(issues[0].path, sources)).toEqual({ table: 'bookings', id: 'b-0001', column: 'customer_country' });
    expect(validateNtakBody('reservation', { ...body, nationality: 'other' })).toEqual([]);
  });
  it('maps the direct channel and a studio', () => {
    const { body } = buildReservation({ ...booking, channel: 'direct', bookedUnits: [{ ...stay, unit: studio }] }, '2025-03-02T09:15:03Z', rates);
    expect(body.salesChannel).toBe('DIREKT_ONLINE');
    expect(body.bookedResidentialUnits).toEqual([{ type: 'EGYEDI', capacity: 2 }]);
  });
});

describe('events', () => {
  it('check-in, check-out and room change carry the guests and the units', () => {
    const ci = buildCheckIn('b-0001', stay, [anna, kid], '2025-03-10T15:20:00Z');
    expect(ci.body).toEqual({
      reservationNumber: 'b-0001', occurredAt: '2025-03-10 15:20:00', guests: [buildGuest(anna), buildGuest(kid)],
      occupiedResidentialUnit: { type: 'APARTMAN', building: 'a', number: 'A1', trundleBedCount: 0, singleBedCount: 1, doubleBedCount: 1 },
    });
    const co = buildCheckOut('b-0001', stay, [anna, kid], '2025-03-13T09:00:00Z');
    expect(Object.keys(co.body)).toEqual(['reservationNumber', 'occurredAt', 'guests', 'abandonedResidentialUnit']);
    const rc = buildRoomChange('b-0001', unit, { ...stay, unit: studio }, [anna], '2025-03-11T12:00:00Z');
    expect(rc.body.abandonedResidentialUnit.number).toBe('A1');
    expect(rc.body.occupiedResidentialUnit).toMatchObject({ number: 'B2', type: 'EGYEDI' });
    const known = new Set(['b-0001']);
    for (const [t, b] of [['check_in', ci.body], ['check_out', co.body], ['room_change', rc.body]] as const) expect(validateNtakBody(t, b, { knownReservations: known })).toEqual([]);
  });
  it('a field error names the field and the row to fix', () => {
    const bad = buildCheckIn('b-0001', stay, [anna, { ...kid, dob: '1899-12-31', zip: '' }], '2025-03-10T15:20:00Z');
    const issues = validateNtakBody('check_in', bad.body, { knownReservations: new Set(['other']) }, new Date('2025-03-10T16:00:00Z'));
    expect(issues.map((i) => [i.path, i.code])).toEqual([
      ['reservationNumber', 'unknown'],
      ['guests[1].yearOfBirth', 'min'],
      ['guests[1].residencePostCode', 'required'],
    ]);
    expect(fixTargetFor('guests[1].yearOfBirth', bad.sources)).toEqual({ table: 'guest_checkins', id: 'g2', column: 'dob' });
    expect(fixTargetFor('occupiedResidentialUnit.type', bad.sources)).toEqual({ table: 'units', id: 'u1', column: 'category' });
    expect(fixTargetFor('guests', bad.sources)).toEqual({ table: 'booked_units', id: 'bu1', column: 'checkins' });
  });
  it('rejects values outside the enums and unknown fields', () => {
    const issues = validateNtakBody('check_out', { reservationNumber: 'x', occurredAt: '10/03/2025', guests: [{ ...buildGuest(anna), gender: 'F', touristTaxStatus: 'IM12', extra: 1 }], abandonedResidentialUnit: { type: 'ROOM' } });
    expect(issues.map((i) => `${i.path}:${i.code}`)).toEqual([
      'occurredAt:pattern', 'guests[0].extra:unknown-field', 'guests[0].gender:enum', 'guests[0].touristTaxStatus:enum',
      'abandonedResidentialUnit.type:enum', 'abandonedResidentialUnit.building:required', 'abandonedResidentialUnit.number:required',
      'abandonedResidentialUnit.trundleBedCount:required', 'abandonedResidentialUnit.singleBedCount:required', 'abandonedResidentialUnit.doubleBedCount:required',
    ]);
  });
});

describe('daily close', () => {
  const input = { day: '2025-03-11', vatRate: 18, units: [unit, studio], bookings: [booking], taxRules: [{ type: 'PERCENT' as const, value: 4, currency: 'HUF' as const, validFrom: '2025-01-01', validTo: null }] };
  it('reports the night with its fee and tourist-tax loads in HUF', () => {
    const { body } = buildDailyClose(input, rates);
    // 300 EUR × 395.5 = 118650 HUF over 3 nights = 39550 per night; IFA 4% = 1582 (one liable guest: the child is IM1).
    expect(body.residentialUnits).toEqual({ all: 2, ooo: 0, oos: 0, occupied: 1, available: 2 });
    expect(body.residentialUnitNights).toEqual([
      {
        guests: [buildGuest(anna), buildGuest(kid)], dayUse: false, residentialUnit: expect.objectContaining({ number: 'A1' }), salesChannel: 'KOZVETITO_ONLINE',
        marketSegment: 'SZABADIDOS_EGYENI', reservationNumber: 'b-0001',
        loads: [
          { date: '2025-03-11', amount: 39550, category: 'SZALLASDIJ', isTouristTax: false, taxPercentage: 18 },
          { date: '2025-03-11', amount: 1582, category: 'IFA', isTouristTax: true, taxPercentage: 0 },
        ],
      },
    ]);
    expect(body.checkOutDaySales).toEqual([]);
    expect(validateNtakBody('daily_close', body, { knownReservations: new Set(['b-0001']), registeredUnits: 2 })).toEqual([]);
  });
  it('the cleaning fee is a check-out-day sale; a fixed tax counts liable guests', () => {
    const { body } = buildDailyClose({ ...input, day: '2025-03-13', taxRules: [{ type: 'FIX', value: 680, currency: 'HUF', validFrom: null, validTo: null }] }, rates);
    expect(body.residentialUnitNights).toEqual([]);
    expect(body.checkOutDaySales?.[0].loads).toEqual([{ date: '2025-03-13', amount: 12063, category: 'EGYEB', isTouristTax: false, taxPercentage: 18 }]);
    const night = buildDailyClose({ ...input, taxRules: [{ type: 'FIX', value: 680, currency: 'HUF', validFrom: null, validTo: null }] }, rates).body.residentialUnitNights?.[0];
    expect(night?.loads?.[1]).toEqual({ date: '2025-03-11', amount: 680, category: 'IFA', isTouristTax: true, taxPercentage: 0 });
  });
  it('a day the accommodation did not operate sends the unit counts only', () => {
    const { body } = buildDailyClose({ ...input, notOperating: true }, rates);
    expect(Object.keys(body)).toEqual(['closedDay', 'accommodationNotOperating', 'residentialUnits']);
    expect(validateNtakBody('daily_close', body)).toEqual([]);
  });
  it('checks the unit count, one overnight per unit and SZÉP subtypes', () => {
    const { body } = buildDailyClose(input, rates);
    const twice = { ...body, residentialUnitNights: [...(body.residentialUnitNights ?? []), ...(body.residentialUnitNights ?? [])], otherExpenses: [{ date: '2025-03-11 10:00:00', amount: 5000, paymentOption: 'SZEP_KARTYA' }] };
    expect(validateNtakBody('daily_close', twice, { registeredUnits: 3 }).map((i) => `${i.path}:${i.code}`)).toEqual([
      'residentialUnits.all:unknown', 'residentialUnitNights[1].dayUse:unique', 'otherExpenses[0].paymentOptionSubtype:required',
    ]);
  });
  it('lists the days not closed, oldest first, at most 60', () => {
    expect(daysToClose('2025-03-05', new Set(['2025-03-02']), 4)).toEqual(['2025-03-01', '2025-03-03', '2025-03-04']);
    expect(daysToClose('2025-03-05', new Set(), 60)).toHaveLength(60);
    expect(daysToClose('2025-03-05', new Set(), 60, '2025-03-03')).toEqual(['2025-03-03', '2025-03-04']);
  });
});

describe('envelope and certificate', () => {
  it('builds the header and checks its ids', () => {
    const env = buildEnvelope({ ntakId: 'AB12CD34', ntakName: 'Váci Loft', name: 'Vaci', taxId: '12345678-1-42' }, 'm1', new Date('2025-03-11T03:00:00Z'), 'staydesk 0.1.0', {});
    expect(env.header).toEqual({ szallasAdatszolgaltatasiAzonosito: 'AB12CD34', szallashelySzolgaltatoAdoszam: '12345678-1-42', szallasNev: 'Váci Loft', szoftverVerzio: 'staydesk 0.1.0', uzenetId: 'm1', uzenetKuldesIdeje: '2025-03-11 03:00:00' });
    expect(validateNtakHeader(env.header)).toEqual([]);
    expect(validateNtakHeader({ ...env.header, szallasAdatszolgaltatasiAzonosito: 'ab-12', szallashelySzolgaltatoAdoszam: '12345678' }).map((i) => i.path)).toEqual([
      'header.szallasAdatszolgaltatasiAzonosito', 'header.szallashelySzolgaltatoAdoszam',
    ]);
  });
  it('warns 30 days before expiry and blocks after it', () => {
    const now = new Date('2025-03-01T00:00:00Z');
    expect(certificateState('2024-01-01', '2025-04-15T00:00:00Z', now)).toBe('valid');
    expect(certificateState('2024-01-01', '2025-03-31T00:00:00Z', now)).toBe('expiring');
    expect(certificateState('2024-01-01', '2025-02-28T23:59:59Z', now)).toBe('expired');
    expect(certificateState(null, null, now)).toBe('missing');
  });
});
