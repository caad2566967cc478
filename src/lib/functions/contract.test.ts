import { describe, expect, it } from 'vitest';
import { parseQuoteInput } from '../../../functions/_pricing/input';
import { callFunction, checkRequest, errorText, FunctionCallError, type FunctionsCaller } from './contract';
import { quoteFunction, type QuoteResponse } from './quote';

const UNIT = '20000000-0000-4000-a000-000000000001';
const RATE = '40000000-0000-4000-a000-000000000001';
const body = { unitId: UNIT, rateId: RATE, checkIn: '2026-07-01', checkOut: '2026-07-04', adults: 2 };
const answer: QuoteResponse = {
  unitId: UNIT,
  rateId: RATE,
  currency: 'EUR',
  checkIn: '2026-07-01',
  checkOut: '2026-07-04',
  today: '2026-06-01',
  nights: [{ date: '2026-07-01', price: 85.5, ruleIds: [] }],
  accommodation: 256.5,
  fees: [],
  feesTotal: 0,
  touristTax: null,
  total: 256.5,
  bookable: true,
  reasons: [],
  warnings: [],
};

const caller = (data: unknown): FunctionsCaller & { sent: unknown[] } => {
  const sent: unknown[] = [];
  return {
    sent,
    call: async <T>(_url: string, payload?: unknown) => {
      sent.push(payload);
      return { res: { data: data as T }, error: null };
    },
  };
};

describe('function contracts', () => {
  it('check a request on the function side: unknown fields and bad values answer 400 with the field', () => {
    expect(checkRequest(quoteFunction, body)).toEqual({ ok: true, value: body });
    expect(checkRequest(quoteFunction, { ...body, price: 1 })).toMatchObject({ ok: false, error: { status: 400, error: 'unknown-field', field: 'price' } });
    expect(checkRequest(quoteFunction, { ...body, unitId: 'x' })).toMatchObject({ ok: false, error: { error: 'invalid-body', code: 'invalid-uuid', field: 'unitId' } });
    expect(checkRequest(quoteFunction, { ...body, fees: [UNIT, 'x'] })).toMatchObject({ ok: false, error: { code: 'invalid-uuid', field: 'fees' } });
    expect(checkRequest(quoteFunction, 'a string')).toMatchObject({ ok: false, error: { error: 'invalid-body' } });
    expect(checkRequest(quoteFunction, { ...body, adults: 0 })).toMatchObject({ ok: false, error: { field: 'adults' } });
  });

  it('answer a __proto__, constructor or prototype key (at any depth) with a 400 unknown-field, not a TypeError', () => {
    for (const [json, field] of [
      [`{"__proto__": {"admin": true}, "unitId": "${UNIT}"}`, '__proto__'],
      ['{"constructor": {"prototype": {"x": 1}}}', 'constructor'],
      ['{"unitId": 1, "fees": [{"prototype": 1}]}', 'fees.0.prototype'],
    ]) {
      expect(checkRequest(quoteFunction, JSON.parse(json))).toEqual({ ok: false, error: { status: 400, error: 'unknown-field', field, message: `${field} is not a field` } });
    }
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });

  it('agree with what the quote function accepts today, refusing with the same code and field', () => {
    const samples: unknown[] = [
      body,
      { ...body, fees: [UNIT], locale: 'hu' },
      { ...body, unitId: 'x' },
      { ...body, unitId: 5 },
      { ...body, rateId: undefined },
      { ...body, excludeBookingId: 7 },
      { ...body, checkIn: '1.7.2026' },
      { ...body, checkOut: 20260704 },
      { ...body, extra: true },
      { ...body, adults: 0 },
      { ...body, adults: 1.5 },
      { ...body, infants: 51 },
      { ...body, fees: 'all' },
      { ...body, fees: ['x'] },
      { ...body, fees: Array.from({ length: 21 }, () => UNIT) },
      { ...body, locale: 'de' },
      // A UUID of a version yup's uuid() does not know (v7) is still an id Postgres takes.
      { ...body, unitId: '0193c0de-7b2a-7cc1-9d3e-4f5a6b7c8d9e' },
    ];
    for (const sample of samples) {
      const contract = checkRequest(quoteFunction, sample);
      const fn = parseQuoteInput(sample, undefined);
      expect([sample, contract.ok]).toEqual([sample, fn.ok]);
      if (!contract.ok && !fn.ok) expect([sample, contract.error.code ?? contract.error.error, contract.error.field]).toEqual([sample, fn.error.code, fn.error.field]);
    }
  });

  it('type the answer on the web side and refuse one that does not match', async () => {
    const ok = caller(answer);
    const quote = await callFunction(ok, quoteFunction, body);
    expect(quote.total).toBe(256.5);
    expect(ok.sent).toEqual([body]);
    await expect(callFunction(caller({ ...answer, total: 'a lot' }), quoteFunction, body)).rejects.toBeInstanceOf(FunctionCallError);
    // An invalid request is never sent.
    const never = caller(answer);
    await expect(callFunction(never, quoteFunction, { ...body, adults: -1 })).rejects.toThrow(/adults/);
    expect(never.sent).toEqual([]);
  });
});

describe('errors of a failed call', () => {
  it('reads the function message from the JSON body the Nhost client passes as error.message', async () => {
    const failing: FunctionsCaller = {
      call: async () => ({ res: null, error: { message: { status: 429, error: 'too-many-attempts', message: 'Too many attempts' } as unknown as string, status: 429 } }),
    };
    const error = await callFunction(failing, quoteFunction, body).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FunctionCallError);
    expect((error as FunctionCallError).message).toBe(`${quoteFunction.path}: Too many attempts`);
    expect((error as FunctionCallError).status).toBe(429);
  });

  it('keeps a plain message and names a missing answer', () => {
    expect(errorText('Network error')).toBe('Network error');
    expect(errorText(undefined)).toBe('no response');
    expect(errorText({ code: 7 })).toBe('{"code":7}');
  });
});
