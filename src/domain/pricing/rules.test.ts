import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dayInfo, toDay } from './days';
import { compareRules, compileRule, ruleErrorKey, validatePriceRule, type PriceRule, type RuleErrorCode, type StayContext } from './rules';

const stay: StayContext = { nights: 3, leadDays: 10, guests: 2 };
const night = (iso: string) => dayInfo(toDay(iso));
const simple = (conditions: unknown, value = 10, type = 'PERCENT'): PriceRule => ({ id: 'r', name: 'r', type: 'simple', priority: 0, conditions, results: { type, value } });
const codes = (rule: Pick<PriceRule, 'type' | 'conditions' | 'results'>) => validatePriceRule(rule).map((e) => `${e.path}:${e.code}`);
const applies = (conditions: unknown, iso: string, s: StayContext = stay) => {
  expect(codes(simple(conditions))).toEqual([]);
  return compileRule(simple(conditions), 'EUR').changeFor(night(iso), s) !== null;
};

describe('price-rule validation (SPEC 5)', () => {
  it('accepts dates as YYYY-MM-DD or MM-DD, years, months, days, weekdays and numbers', () => {
    const ok = [
      { field: 'date', op: 'eq', value: '2026-12-24' },
      { field: 'date', op: 'eq', value: '12-24' },
      { field: 'date', op: 'eq', value: '02-29' },
      { field: 'date', op: 'between', value: ['12-20', '01-10'] },
      { field: 'date', op: 'between', value: ['2026-12-20', '2027-01-10'] },
      { field: 'year', op: 'in', value: [2026, 2027] },
      { field: 'month', op: 'between', value: [11, 2] },
      { field: 'day', op: 'gte', value: 25 },
      { field: 'weekday', op: 'in', value: [5, 6] },
      { field: 'nights', op: 'gte', value: 7 },
      { field: 'leadDays', op: 'lte', value: 3 },
      { field: 'guests', op: 'not_in', value: [1] },
      { field: 'weekday', op: 'neq', value: 7 },
    ];
    expect(codes(simple(ok))).toEqual([]);
    expect(codes(simple([]))).toEqual([]);
  });

  it.each<[unknown, string[]]>([
    [{ field: 'date', op: 'eq', value: '2027-02-29' }, ['conditions.0.value:invalidDate']],
    [{ field: 'date', op: 'eq', value: '02-30' }, ['conditions.0.value:invalidDate']],
    [{ field: 'date', op: 'eq', value: '2026/12/24' }, ['conditions.0.value:invalidDate']],
    [{ field: 'date', op: 'eq', value: 20261224 }, ['conditions.0.value:invalidDate']],
    [{ field: 'date', op: 'between', value: ['2026-12-20', '01-10'] }, ['conditions.0.value.0:mixedDateFormats']],
    [{ field: 'date', op: 'between', value: ['2027-01-10', '2026-12-20'] }, ['conditions.0.value:rangeOrder']],
    [{ field: 'year', op: 'eq', value: 26 }, ['conditions.0.value:invalidYear']],
    [{ field: 'year', op: 'eq', value: '2026' }, ['conditions.0.value:invalidYear']],
    [{ field: 'month', op: 'eq', value: 13 }, ['conditions.0.value:invalidMonth']],
    [{ field: 'month', op: 'eq', value: 1.5 }, ['conditions.0.value:invalidMonth']],
    [{ field: 'day', op: 'eq', value: 32 }, ['conditions.0.value:invalidDay']],
    [{ field: 'weekday', op: 'in', value: [0, 6] }, ['conditions.0.value.0:invalidWeekday']],
    [{ field: 'nights', op: 'gte', value: -1 }, ['conditions.0.value:invalidNumber']],
    [{ field: 'leadDays', op: 'between', value: [30, 7] }, ['conditions.0.value:rangeOrder']],
    [{ field: 'nights', op: 'between', value: [1] }, ['conditions.0.value:invalidShape']],
    [{ field: 'nights', op: 'eq', value: [1] }, ['conditions.0.value:invalidShape']],
    [{ field: 'weekday', op: 'in', value: [] }, ['conditions.0.value:emptyList']],
    [{ field: 'weekday', op: 'in', value: 5 }, ['conditions.0.value:invalidShape']],
    [{ field: 'season', op: 'eq', value: 1 }, ['conditions.0.field:invalidField']],
    [{ field: 'month', op: 'like', value: 1 }, ['conditions.0.op:invalidOp']],
    ['month = 1', ['conditions.0:invalidShape']],
  ])('rejects %j', (condition, expected) => {
    expect(codes(simple([condition]))).toEqual(expected);
  });

  it('checks results: type, value, matrix axes and size', () => {
    expect(codes(simple([], 10, 'MULTIPLY'))).toEqual(['results.type:invalidResultType']);
    expect(codes(simple([], -101))).toEqual(['results.value:invalidResultValue']);
    expect(codes(simple([], Number.NaN))).toEqual(['results.value:invalidResultValue']);
    expect(codes(simple([], -150, 'FIX'))).toEqual([]);
    expect(codes({ type: 'simple', conditions: {}, results: [] })).toEqual(['conditions:invalidShape', 'results:invalidShape']);
    const matrix = (results: unknown) => codes({ type: 'matrix', conditions: [], results });
    const axis = (field: string, values: unknown[]) => ({ field, values });
    expect(matrix({ type: 'PERCENT', rows: axis('nights', [1, 3]), columns: axis('leadDays', [0, 14]), cells: [[5, 0], [-5, -10]] })).toEqual([]);
    expect(matrix({ type: 'PERCENT', rows: axis('nights', [3, 1]), columns: axis('leadDays', [0]), cells: [[5], [0]] })).toEqual(['results.rows.values.1:axisOrder']);
    expect(matrix({ type: 'PERCENT', rows: axis('nights', [1, 3]), columns: axis('leadDays', [0]), cells: [[5]] })).toEqual(['results.cells:matrixSize']);
    expect(matrix({ type: 'PERCENT', rows: axis('nights', [1]), columns: axis('weekday', [8]), cells: [[5]] })).toEqual(['results.columns.values.0:invalidWeekday']);
    expect(matrix({ type: 'PERCENT', rows: axis('nights', [1]), columns: axis('leadDays', [0]), cells: [['5']] })).toEqual(['results.cells.0.0:invalidResultValue']);
    expect(matrix({ type: 'PERCENT', rows: {}, columns: axis('leadDays', [0]), cells: [] })).toEqual(['results.rows:invalidShape']);
  });

  it('has a message for every error code in both languages', () => {
    const all: RuleErrorCode[] = ['invalidShape', 'invalidField', 'invalidOp', 'invalidDate', 'invalidYear', 'invalidMonth', 'invalidDay', 'invalidWeekday', 'invalidNumber', 'mixedDateFormats', 'rangeOrder', 'emptyList', 'tooManyValues', 'invalidResultType', 'invalidResultValue', 'axisOrder', 'matrixSize'];
    for (const locale of ['en', 'hu']) {
      const file = JSON.parse(fs.readFileSync(path.resolve(__dirname, `../../../public/locales/${locale}/rate.json`), 'utf8'));
      for (const code of all) {
        const [ns, key] = ruleErrorKey(code).split(':');
        expect(ns).toBe('rate');
        expect(key.split('.').reduce((o, k) => o?.[k], file), `${locale} ${key}`).toEqual(expect.any(String));
      }
    }
  });
});

describe('conditions', () => {
  it('on the date: exact, every year, ranges across the new year, leap day', () => {
    expect(applies([{ field: 'date', op: 'eq', value: '2026-12-24' }], '2026-12-24')).toBe(true);
    expect(applies([{ field: 'date', op: 'eq', value: '2026-12-24' }], '2027-12-24')).toBe(false);
    expect(applies([{ field: 'date', op: 'eq', value: '12-24' }], '2031-12-24')).toBe(true);
    const holidays = [{ field: 'date', op: 'between', value: ['12-20', '01-10'] }];
    expect(['12-19', '12-20', '12-31', '01-01', '01-10', '01-11'].map((md) => applies(holidays, `${md.startsWith('12') ? 2026 : 2027}-${md}`))).toEqual([false, true, true, true, true, false]);
    expect(applies([{ field: 'date', op: 'eq', value: '02-29' }], '2028-02-29')).toBe(true);
    expect(applies([{ field: 'date', op: 'eq', value: '02-29' }], '2027-03-01')).toBe(false);
    expect(applies([{ field: 'date', op: 'gte', value: '2026-12-31' }], '2027-01-01')).toBe(true);
    expect(applies([{ field: 'date', op: 'between', value: ['2026-12-31', '2027-01-01'] }], '2027-01-02')).toBe(false);
  });

  it('on year, month, day and weekday (ISO: 1 Monday ... 7 Sunday)', () => {
    expect(applies([{ field: 'year', op: 'eq', value: 2027 }], '2027-06-01')).toBe(true);
    expect(applies([{ field: 'month', op: 'between', value: [11, 2] }], '2027-01-15')).toBe(true);
    expect(applies([{ field: 'month', op: 'between', value: [11, 2] }], '2027-03-01')).toBe(false);
    expect(applies([{ field: 'day', op: 'gte', value: 29 }], '2028-02-29')).toBe(true);
    // 2026-11-27 is a Friday, 2026-11-29 a Sunday
    expect(applies([{ field: 'weekday', op: 'in', value: [5, 6] }], '2026-11-27')).toBe(true);
    expect(applies([{ field: 'weekday', op: 'in', value: [5, 6] }], '2026-11-29')).toBe(false);
    expect(applies([{ field: 'weekday', op: 'between', value: [5, 1] }], '2026-11-30')).toBe(true);
    expect(applies([{ field: 'weekday', op: 'not_in', value: [1, 2, 3, 4] }], '2026-11-29')).toBe(true);
  });

  it('on the stay: nights, days before arrival, guests; all conditions must hold', () => {
    expect(applies([{ field: 'nights', op: 'gte', value: 3 }], '2026-05-01')).toBe(true);
    expect(applies([{ field: 'nights', op: 'gte', value: 4 }], '2026-05-01')).toBe(false);
    expect(applies([{ field: 'leadDays', op: 'between', value: [0, 10] }], '2026-05-01')).toBe(true);
    expect(applies([{ field: 'guests', op: 'eq', value: 1 }], '2026-05-01')).toBe(false);
    expect(applies([{ field: 'nights', op: 'gte', value: 3 }, { field: 'guests', op: 'eq', value: 1 }], '2026-05-01')).toBe(false);
  });
});

describe('results', () => {
  it('simple: percent in ppm, amounts in the rate currency minor units', () => {
    expect(compileRule(simple([], -12), 'EUR').changeFor(night('2026-01-01'), stay)).toEqual({ percent: true, amount: -120_000 });
    expect(compileRule(simple([], 12.5, 'FIX'), 'EUR').changeFor(night('2026-01-01'), stay)).toEqual({ percent: false, amount: 1250 });
    expect(compileRule(simple([], 5000, 'FIX'), 'HUF').changeFor(night('2026-01-01'), stay)).toEqual({ percent: false, amount: 5000 });
  });

  it('matrix: each axis picks the last step not above the value; below the first step nothing applies', () => {
    const rule: PriceRule = {
      id: 'm', name: 'm', type: 'matrix', priority: 1, conditions: [],
      results: { type: 'PERCENT', rows: { field: 'nights', values: [1, 3, 7] }, columns: { field: 'leadDays', values: [0, 14, 60] }, cells: [[5, 0, -5], [0, -3, -8], [-5, -10, -15]] },
    };
    expect(codes(rule)).toEqual([]);
    const compiled = compileRule(rule, 'EUR');
    const cell = (nights: number, leadDays: number) => compiled.changeFor(night('2026-05-01'), { nights, leadDays, guests: 2 })?.amount ?? null;
    expect(cell(1, 0)).toBe(50_000);
    expect(cell(2, 13)).toBe(50_000);
    expect(cell(3, 14)).toBe(-30_000);
    expect(cell(6, 59)).toBe(-30_000);
    expect(cell(7, 60)).toBe(-150_000);
    expect(cell(30, 365)).toBe(-150_000);
    expect(cell(1, -1)).toBeNull(); // arrival in the past: before the first column
    expect(cell(0, 5)).toBeNull();
  });

  it('matrix over dates (seasons from a day on) and weekday columns', () => {
    const rule: PriceRule = {
      id: 's', name: 's', type: 'matrix', priority: 1, conditions: [],
      results: { type: 'FIX', rows: { field: 'date', values: ['06-01', '09-01'] }, columns: { field: 'weekday', values: [1, 5] }, cells: [[10, 20], [1, 2]] },
    };
    expect(codes(rule)).toEqual([]);
    const compiled = compileRule(rule, 'EUR');
    const at = (iso: string) => compiled.changeFor(night(iso), stay)?.amount ?? null;
    expect(at('2026-05-31')).toBeNull();
    expect(at('2026-06-01')).toBe(1000); // Monday, summer
    expect(at('2026-06-05')).toBe(2000); // Friday, summer
    expect(at('2026-09-06')).toBe(200); // Sunday, autumn
  });
});

describe('priority', () => {
  it('higher first; ties by name, then id', () => {
    const rules = [
      { id: '3', name: 'b', priority: 5 },
      { id: '2', name: 'a', priority: 5 },
      { id: '1', name: 'z', priority: 10 },
      { id: '0', name: 'a', priority: 5 },
      { id: '4', name: 'x', priority: -1 },
    ];
    expect([...rules].sort(compareRules).map((r) => r.id)).toEqual(['1', '0', '2', '3', '4']);
  });
});
