// The price-rule form <-> stored rule, and SPEC 5's condition checks reported at the form field.
import { describe, expect, it } from 'vitest';
import { EMPTY_RULE, formFromRule, formPathOf, parseList, resizeCells, ruleFromForm, validateRuleForm, type PriceRuleFormValues } from './form';

const simple = (over: Partial<PriceRuleFormValues> = {}): PriceRuleFormValues => ({ ...EMPTY_RULE, name: 'Weekend', value: '15', conditions: [{ field: 'weekday', op: 'in', value: '5, 6' }], ...over });

describe('ruleFromForm', () => {
  it('stores a simple rule with typed values', () => {
    expect(ruleFromForm(simple({ priority: '10' }))).toEqual({ name: 'Weekend', type: 'simple', priority: 10, is_active: true, conditions: [{ field: 'weekday', op: 'in', value: [5, 6] }], results: { type: 'PERCENT', value: 15 } });
  });
  it('keeps dates as text and ranges as two values; a comma decimal is a decimal', () => {
    const r = ruleFromForm(simple({ conditions: [{ field: 'date', op: 'between', value: '07-01, 08-31' }], resultType: 'FIX', value: '-12,5' }));
    expect(r.conditions).toEqual([{ field: 'date', op: 'between', value: ['07-01', '08-31'] }]);
    expect(r.results).toEqual({ type: 'FIX', value: -12.5 });
  });
  it('stores a matrix with its axes and cells', () => {
    const r = ruleFromForm({ ...EMPTY_RULE, name: 'LOS', type: 'matrix', rowValues: '1, 3, 7', columnValues: '0, 14', cells: [['5', '0'], ['0', '-3'], ['-5', '-10']] });
    expect(r.results).toEqual({ type: 'PERCENT', rows: { field: 'nights', values: [1, 3, 7] }, columns: { field: 'leadDays', values: [0, 14] }, cells: [[5, 0], [0, -3], [-5, -10]] });
  });
  it('round-trips through the form', () => {
    const stored = { name: 'LOS', type: 'matrix', priority: 1, is_active: false, conditions: [{ field: 'date', op: 'between', value: ['2026-01-01', '2027-03-31'] }], results: { type: 'PERCENT', rows: { field: 'nights', values: [1, 3] }, columns: { field: 'leadDays', values: [0, 14] }, cells: [[5, 0], [0, -3]] } };
    const form = formFromRule(stored);
    expect(form.conditions[0].value).toBe('2026-01-01, 2027-03-31');
    expect(ruleFromForm(form)).toEqual(stored);
  });
  it('reads an unreadable stored rule as the empty choices', () => {
    const form = formFromRule({ name: 'x', type: 'weird', priority: 0, is_active: true, conditions: 'no', results: null });
    expect(form).toMatchObject({ type: 'simple', conditions: [], resultType: 'PERCENT', value: '', cells: [] });
  });
});

describe('validateRuleForm (SPEC 5)', () => {
  it('accepts a valid rule', () => expect(validateRuleForm(simple())).toEqual({}));
  it('needs a name of 2 or more characters and a whole priority', () => {
    expect(validateRuleForm(simple({ name: ' ' }))).toMatchObject({ name: 'rate:priceRules.form.errors.nameRequired' });
    expect(validateRuleForm(simple({ name: 'A' }))).toMatchObject({ name: 'rate:priceRules.form.errors.nameShort' });
    expect(validateRuleForm(simple({ priority: '1.5' }))).toMatchObject({ priority: 'rate:priceRules.form.errors.priority' });
    expect(validateRuleForm(simple({ priority: '1001' }))).toMatchObject({ priority: 'rate:priceRules.form.errors.priority' });
  });
  it.each([
    ['date', 'eq', '2026-02-30', 'invalidDate'],
    ['date', 'eq', '13-01', 'invalidDate'],
    ['date', 'eq', '02-29', null],
    ['date', 'in', '2026-01-01, 01-02', 'mixedDateFormats'],
    ['year', 'eq', '26', 'invalidYear'],
    ['month', 'eq', '13', 'invalidMonth'],
    ['day', 'eq', '0', 'invalidDay'],
    ['weekday', 'in', '6, 8', 'invalidWeekday'],
    ['weekday', 'in', 'sat', 'invalidWeekday'],
    ['nights', 'gte', 'three', 'invalidNumber'],
    ['leadDays', 'between', '30, 7', 'rangeOrder'],
    ['month', 'between', '12, 2', null],
    ['weekday', 'in', '', 'emptyList'],
    ['nights', 'between', '3', 'invalidShape'],
  ] as const)('%s %s %j -> %s at the condition value', (field, op, value, code) => {
    const errors = validateRuleForm(simple({ conditions: [{ field, op, value }] }));
    expect(errors['conditions.0.value']).toBe(code ? `rate:priceRules.errors.${code}` : undefined);
  });
  it('checks the result: percent range and a number', () => {
    expect(validateRuleForm(simple({ value: '-101' }))).toMatchObject({ value: 'rate:priceRules.errors.invalidResultValue' });
    expect(validateRuleForm(simple({ value: 'ten' }))).toMatchObject({ value: 'rate:priceRules.errors.invalidResultValue' });
    expect(validateRuleForm(simple({ resultType: 'FIX', value: '-150' }))).toEqual({});
  });
  it('checks matrix axes (ascending) and every cell', () => {
    const m = (over: Partial<PriceRuleFormValues>) => validateRuleForm({ ...EMPTY_RULE, name: 'LOS', type: 'matrix', rowValues: '1, 3', columnValues: '0, 14', cells: [['5', '0'], ['0', '-3']], ...over });
    expect(m({})).toEqual({});
    expect(m({ rowValues: '3, 1' })).toMatchObject({ rowValues: 'rate:priceRules.errors.axisOrder' });
    expect(m({ columnValues: '' , cells: [] })).toMatchObject({ columnValues: 'rate:priceRules.errors.emptyList' });
    expect(m({ cells: [['5', 'x'], ['0', '-3']] })).toMatchObject({ 'cells.0.1': 'rate:priceRules.errors.invalidResultValue' });
    expect(m({ cells: [['5'], ['0', '-3']] })).toMatchObject({ cells: 'rate:priceRules.errors.matrixSize' });
  });
});

describe('helpers', () => {
  it('maps rule paths to form fields', () => {
    expect(formPathOf('conditions.2.value.1')).toBe('conditions.2.value');
    expect(formPathOf('conditions.0.field')).toBe('conditions.0.field');
    expect(formPathOf('results.cells.1.2')).toBe('cells.1.2');
    expect(formPathOf('results.rows.values.3')).toBe('rowValues');
    expect(formPathOf('results.columns.field')).toBe('columnField');
    expect(formPathOf('results.value')).toBe('value');
  });
  it('resizes the grid keeping typed cells', () => {
    expect(resizeCells([['1', '2'], ['3', '4']], 3, 1)).toEqual([['1'], ['3'], ['']]);
  });
  it('parses lists, dropping empty parts', () => {
    expect(parseList('weekday', '6, ,7,')).toEqual([6, 7]);
    expect(parseList('date', '07-01,08-31')).toEqual(['07-01', '08-31']);
  });
});
