// Price rules (SPEC 3, 5): a rule has conditions on the night or the stay and a result. A simple
// rule's result is one change; a matrix rule's result is a grid over two dimensions (e.g. length
// of stay × days before arrival) whose cell is the change. Rules are stored as jsonb
// (price_rules.conditions, price_rules.results), so everything read from there is validated here
// first: the editor shows the errors, and the engine skips (and reports) a rule that is invalid.
//
// Stored shapes (as the demo data uses them):
//   conditions: [{"field": "weekday", "op": "in", "value": [5, 6]}, ...]        (all must hold)
//   simple results: {"type": "PERCENT" | "FIX", "value": -12}
//   matrix results: {"rows": {"field": "nights", "values": [1, 3, 7]},
//                    "columns": {"field": "leadDays", "values": [0, 14, 60]},
//                    "cells": [[5, 0, -5], [0, -3, -8], [-5, -10, -15]], "type": "PERCENT"}
import { toMinor, type Currency, type Minor } from '../money';
import { daysInMonth, parseIsoDay, type DayInfo } from './days';
import { addPpm, ppmOf } from './exact';

/** Fields of the night: its date (YYYY-MM-DD, or MM-DD for every year), year, month, day, weekday. */
export const DATE_FIELDS = ['date', 'year', 'month', 'day', 'weekday'] as const;
/**
 * Numbers of the stay: nights (length of stay), leadDays (days from today to arrival), guests
 * (adults + children; infants do not count, as for occupancy).
 */
export const NUMBER_FIELDS = ['nights', 'leadDays', 'guests'] as const;
export const CONDITION_FIELDS = [...DATE_FIELDS, ...NUMBER_FIELDS] as const;
export type ConditionField = (typeof CONDITION_FIELDS)[number];

export const CONDITION_OPS = ['eq', 'neq', 'in', 'not_in', 'between', 'gte', 'lte'] as const;
export type ConditionOp = (typeof CONDITION_OPS)[number];

export type ConditionScalar = string | number;
export interface PriceRuleCondition {
  field: ConditionField;
  op: ConditionOp;
  value: ConditionScalar | ConditionScalar[];
}

export type ChangeType = 'PERCENT' | 'FIX';
export interface SimpleResult {
  type: ChangeType;
  /** Signed: -12 is 12% (or 12 currency units) cheaper. FIX is in the rate's currency (major units). */
  value: number;
}
export interface MatrixAxis {
  field: ConditionField;
  /** Ascending steps: a night falls in the last step not above its value. */
  values: ConditionScalar[];
}
export interface MatrixResult {
  type: ChangeType;
  rows: MatrixAxis;
  columns: MatrixAxis;
  /** cells[row][column], signed changes like a simple result's value. */
  cells: number[][];
}

export type PriceRuleType = 'simple' | 'matrix';
/** A price rule as stored; conditions and results are unvalidated jsonb until validatePriceRule says otherwise. */
export interface PriceRule {
  id: string;
  name: string;
  type: PriceRuleType;
  priority: number;
  conditions: unknown;
  results: unknown;
  isActive?: boolean;
}

export const MAX_PERCENT_CHANGE = 1000;
export const MAX_NUMBER_VALUE = 10_000;
export const MAX_LIST_VALUES = 366;
export const MAX_MATRIX_STEPS = 50;

export type RuleErrorCode =
  | 'invalidShape'
  | 'invalidField'
  | 'invalidOp'
  | 'invalidDate'
  | 'invalidYear'
  | 'invalidMonth'
  | 'invalidDay'
  | 'invalidWeekday'
  | 'invalidNumber'
  | 'mixedDateFormats'
  | 'rangeOrder'
  | 'emptyList'
  | 'tooManyValues'
  | 'invalidResultType'
  | 'invalidResultValue'
  | 'axisOrder'
  | 'matrixSize';

export interface RuleError {
  /** Where, as a path into the rule: "conditions.0.value", "results.cells.1.2". */
  path: string;
  code: RuleErrorCode;
}

/** Translation key of a rule error (namespace `rate`, both languages). */
export function ruleErrorKey(code: RuleErrorCode): string {
  return `rate:priceRules.errors.${code}`;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);
const MONTH_DAY = /^(\d{2})-(\d{2})$/;

/** 'iso' for YYYY-MM-DD, 'md' for MM-DD (29 February allowed), null when not a valid date. */
export function dateFormat(value: unknown): 'iso' | 'md' | null {
  if (parseIsoDay(value) !== null) return 'iso';
  if (typeof value !== 'string') return null;
  const match = MONTH_DAY.exec(value);
  if (!match) return null;
  const month = Number(match[1]);
  const day = Number(match[2]);
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(2000, month) ? 'md' : null;
}

/** The error code of one value for a field, or null when valid. */
export function scalarError(field: ConditionField, value: unknown): RuleErrorCode | null {
  switch (field) {
    case 'date':
      return dateFormat(value) ? null : 'invalidDate';
    case 'year':
      return isInt(value) && value >= 1900 && value <= 2200 ? null : 'invalidYear';
    case 'month':
      return isInt(value) && value >= 1 && value <= 12 ? null : 'invalidMonth';
    case 'day':
      return isInt(value) && value >= 1 && value <= 31 ? null : 'invalidDay';
    case 'weekday':
      return isInt(value) && value >= 1 && value <= 7 ? null : 'invalidWeekday';
    default:
      return isInt(value) && value >= 0 && value <= MAX_NUMBER_VALUE ? null : 'invalidNumber';
  }
}

/** Month, weekday, day and MM-DD dates go round: a range may wrap (December to February, Friday to Monday). */
const CYCLIC: ReadonlySet<ConditionField> = new Set(['month', 'weekday', 'day']);

/** A comparable number for a valid value: day number for YYYY-MM-DD, MMDD for MM-DD, else the number. */
function ordinal(field: ConditionField, value: ConditionScalar): number {
  if (field !== 'date') return value as number;
  const iso = parseIsoDay(value);
  if (iso !== null) return iso;
  const [m, d] = (value as string).split('-').map(Number);
  return m * 100 + d;
}

function checkScalars(field: ConditionField, values: unknown[], path: (i: number) => string, errors: RuleError[]): boolean {
  let ok = true;
  values.forEach((v, i) => {
    const code = scalarError(field, v);
    if (code) {
      errors.push({ path: path(i), code });
      ok = false;
    }
  });
  if (ok && field === 'date' && new Set(values.map(dateFormat)).size > 1) {
    errors.push({ path: path(0), code: 'mixedDateFormats' });
    ok = false;
  }
  return ok;
}

function validateCondition(raw: unknown, at: string, errors: RuleError[]): void {
  if (!isObject(raw)) {
    errors.push({ path: at, code: 'invalidShape' });
    return;
  }
  const field = raw.field as ConditionField;
  if (!(CONDITION_FIELDS as readonly unknown[]).includes(field)) {
    errors.push({ path: `${at}.field`, code: 'invalidField' });
    return;
  }
  const op = raw.op as ConditionOp;
  if (!(CONDITION_OPS as readonly unknown[]).includes(op)) {
    errors.push({ path: `${at}.op`, code: 'invalidOp' });
    return;
  }
  const value = raw.value;
  const path = `${at}.value`;
  if (op === 'in' || op === 'not_in') {
    if (!Array.isArray(value)) errors.push({ path, code: 'invalidShape' });
    else if (value.length === 0) errors.push({ path, code: 'emptyList' });
    else if (value.length > MAX_LIST_VALUES) errors.push({ path, code: 'tooManyValues' });
    else checkScalars(field, value, (i) => `${path}.${i}`, errors);
    return;
  }
  if (op === 'between') {
    if (!Array.isArray(value) || value.length !== 2) {
      errors.push({ path, code: 'invalidShape' });
      return;
    }
    if (!checkScalars(field, value, (i) => `${path}.${i}`, errors)) return;
    const cyclic = CYCLIC.has(field) || (field === 'date' && dateFormat(value[0]) === 'md');
    if (!cyclic && ordinal(field, value[0] as ConditionScalar) > ordinal(field, value[1] as ConditionScalar)) errors.push({ path, code: 'rangeOrder' });
    return;
  }
  if (Array.isArray(value)) {
    errors.push({ path, code: 'invalidShape' });
    return;
  }
  checkScalars(field, [value], () => path, errors);
}

function validateChange(type: unknown, value: unknown, path: string, errors: RuleError[]): void {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    errors.push({ path, code: 'invalidResultValue' });
    return;
  }
  if (type === 'PERCENT' && (value < -100 || value > MAX_PERCENT_CHANGE)) errors.push({ path, code: 'invalidResultValue' });
  if (type === 'FIX' && Math.abs(value) > 1e9) errors.push({ path, code: 'invalidResultValue' });
}

function validateAxis(raw: unknown, at: string, errors: RuleError[]): number {
  if (!isObject(raw) || !Array.isArray(raw.values)) {
    errors.push({ path: at, code: 'invalidShape' });
    return 0;
  }
  const field = raw.field as ConditionField;
  if (!(CONDITION_FIELDS as readonly unknown[]).includes(field)) {
    errors.push({ path: `${at}.field`, code: 'invalidField' });
    return 0;
  }
  const values = raw.values;
  if (values.length === 0) errors.push({ path: `${at}.values`, code: 'emptyList' });
  else if (values.length > MAX_MATRIX_STEPS) errors.push({ path: `${at}.values`, code: 'tooManyValues' });
  else if (checkScalars(field, values, (i) => `${at}.values.${i}`, errors)) {
    for (let i = 1; i < values.length; i += 1) {
      if (ordinal(field, values[i] as ConditionScalar) <= ordinal(field, values[i - 1] as ConditionScalar)) {
        errors.push({ path: `${at}.values.${i}`, code: 'axisOrder' });
        break;
      }
    }
  }
  return values.length;
}

/**
 * Checks a rule as the editor and the engine need it (SPEC 5: conditions need a valid date
 * YYYY-MM-DD or MM-DD, year, month, day, weekday or number). Returns every error with its path;
 * an empty list means the rule is valid.
 */
export function validatePriceRule(rule: Pick<PriceRule, 'type' | 'conditions' | 'results'>): RuleError[] {
  const errors: RuleError[] = [];
  if (!Array.isArray(rule.conditions)) errors.push({ path: 'conditions', code: 'invalidShape' });
  else if (rule.conditions.length > 20) errors.push({ path: 'conditions', code: 'tooManyValues' });
  else rule.conditions.forEach((c, i) => validateCondition(c, `conditions.${i}`, errors));

  const results = rule.results;
  if (!isObject(results)) {
    errors.push({ path: 'results', code: 'invalidShape' });
    return errors;
  }
  if (results.type !== 'PERCENT' && results.type !== 'FIX') errors.push({ path: 'results.type', code: 'invalidResultType' });
  if (rule.type === 'simple') {
    validateChange(results.type, results.value, 'results.value', errors);
    return errors;
  }
  if (rule.type !== 'matrix') {
    errors.push({ path: 'type', code: 'invalidShape' });
    return errors;
  }
  const rows = validateAxis(results.rows, 'results.rows', errors);
  const columns = validateAxis(results.columns, 'results.columns', errors);
  const cells = results.cells;
  if (!Array.isArray(cells) || cells.length !== rows || cells.some((row) => !Array.isArray(row) || row.length !== columns)) {
    if (rows > 0 && columns > 0) errors.push({ path: 'results.cells', code: 'matrixSize' });
    return errors;
  }
  (cells as unknown[][]).forEach((row, r) => row.forEach((cell, c) => validateChange(results.type, cell, `results.cells.${r}.${c}`, errors)));
  return errors;
}

/** What a rule sees besides the night itself. */
export interface StayContext {
  nights: number;
  leadDays: number;
  guests: number;
}

type Getter = (night: DayInfo, stay: StayContext) => number;

/** The night's or stay's value for a field; `date` gives a day number, or MMDD for MM-DD values. */
function getter(field: ConditionField, monthDay: boolean): Getter {
  switch (field) {
    case 'date':
      return monthDay ? (n) => n.monthDay : (n) => n.day;
    case 'year':
      return (n) => n.year;
    case 'month':
      return (n) => n.month;
    case 'day':
      return (n) => n.dayOfMonth;
    case 'weekday':
      return (n) => n.weekday;
    case 'nights':
      return (_n, s) => s.nights;
    case 'leadDays':
      return (_n, s) => s.leadDays;
    default:
      return (_n, s) => s.guests;
  }
}

type Test = (night: DayInfo, stay: StayContext) => boolean;

function compileCondition(c: PriceRuleCondition): Test {
  const values = Array.isArray(c.value) ? c.value : [c.value];
  const monthDay = c.field === 'date' && dateFormat(values[0]) === 'md';
  const get = getter(c.field, monthDay);
  const nums = values.map((v) => ordinal(c.field, v));
  switch (c.op) {
    case 'eq': {
      const [v] = nums;
      return (n, s) => get(n, s) === v;
    }
    case 'neq': {
      const [v] = nums;
      return (n, s) => get(n, s) !== v;
    }
    case 'in': {
      const set = new Set(nums);
      return (n, s) => set.has(get(n, s));
    }
    case 'not_in': {
      const set = new Set(nums);
      return (n, s) => !set.has(get(n, s));
    }
    case 'gte': {
      const [v] = nums;
      return (n, s) => get(n, s) >= v;
    }
    case 'lte': {
      const [v] = nums;
      return (n, s) => get(n, s) <= v;
    }
    default: {
      const [lo, hi] = nums;
      // A wrapping range (12-20 .. 01-10, Friday .. Monday) holds outside the gap between them.
      if (lo <= hi) return (n, s) => {
        const x = get(n, s);
        return x >= lo && x <= hi;
      };
      return (n, s) => {
        const x = get(n, s);
        return x >= lo || x <= hi;
      };
    }
  }
}

/** A change ready to apply: percent in ppm, or an amount in minor units of the rate's currency. */
export interface CompiledChange {
  percent: boolean;
  /** ppm for a percent, minor units for an amount. */
  amount: number;
}

export function compileChange(type: ChangeType, value: number, currency: Currency): CompiledChange {
  return type === 'PERCENT' ? { percent: true, amount: ppmOf(value) } : { percent: false, amount: toMinor(value, currency) };
}

export function applyChange(price: Minor, change: CompiledChange): Minor {
  return change.percent ? addPpm(price, change.amount) : price + change.amount;
}

/** A rule compiled for one currency: tests and a way to pick its change for a night. */
export interface CompiledRule {
  id: string;
  name: string;
  priority: number;
  /** The change on this night of this stay, or null when the rule does not apply. */
  changeFor(night: DayInfo, stay: StayContext): CompiledChange | null;
}

function axisIndex(axis: MatrixAxis): (night: DayInfo, stay: StayContext) => number {
  const monthDay = axis.field === 'date' && dateFormat(axis.values[0]) === 'md';
  const get = getter(axis.field, monthDay);
  const steps = axis.values.map((v) => ordinal(axis.field, v));
  return (n, s) => {
    const x = get(n, s);
    let index = -1;
    for (let i = 0; i < steps.length && steps[i] <= x; i += 1) index = i;
    return index;
  };
}

/**
 * Compiles a valid rule (call validatePriceRule first) for a currency. Matrix cells are picked by
 * steps: on each axis the last value not above the night's value (nights 1, 3, 7 means 1-2, 3-6,
 * 7 and more); below the first step the rule does not apply. A cell of 0 applies as "no change".
 */
export function compileRule(rule: PriceRule, currency: Currency): CompiledRule {
  const tests = (rule.conditions as PriceRuleCondition[]).map(compileCondition);
  const holds = (n: DayInfo, s: StayContext) => {
    for (const t of tests) if (!t(n, s)) return false;
    return true;
  };
  const base = { id: rule.id, name: rule.name, priority: rule.priority };
  if (rule.type === 'simple') {
    const r = rule.results as SimpleResult;
    const change = compileChange(r.type, r.value, currency);
    return { ...base, changeFor: (n, s) => (holds(n, s) ? change : null) };
  }
  const m = rule.results as MatrixResult;
  const row = axisIndex(m.rows);
  const column = axisIndex(m.columns);
  const cells = m.cells.map((cellsOfRow) => cellsOfRow.map((v) => compileChange(m.type, v, currency)));
  return {
    ...base,
    changeFor: (n, s) => {
      if (!holds(n, s)) return null;
      const r = row(n, s);
      const c = column(n, s);
      return r < 0 || c < 0 ? null : cells[r][c];
    },
  };
}

/**
 * Order in which rules apply: higher priority first; on a tie by name (unique, and what the user
 * sees), then by id. Every matching rule applies, each on the price the previous one left
 * (compounding, rounded to minor units after each step) — the way Beds24 and Hostaway stack
 * adjustments; priority decides the order, which matters when amounts and percents mix.
 */
export function compareRules(a: Pick<PriceRule, 'priority' | 'name' | 'id'>, b: Pick<PriceRule, 'priority' | 'name' | 'id'>): number {
  if (a.priority !== b.priority) return b.priority - a.priority;
  if (a.name !== b.name) return a.name < b.name ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
