// The price-rule editor's form values and the stored rule (price_rules.conditions/results jsonb),
// both ways, with every check of SPEC 5 (pricing/rules.ts validatePriceRule) reported at the form
// field it concerns. Lists are typed comma-separated ("6, 7"; a range is "from, to").
import { CONDITION_FIELDS, CONDITION_OPS, validatePriceRule, type ChangeType, type ConditionField, type ConditionOp, type ConditionScalar, type PriceRuleType, type RuleErrorCode } from '../pricing/rules';

export interface ConditionValues {
  field: ConditionField;
  op: ConditionOp;
  value: string;
}

export interface PriceRuleFormValues {
  name: string;
  type: PriceRuleType;
  priority: string;
  isActive: boolean;
  conditions: ConditionValues[];
  resultType: ChangeType;
  /** Simple rules: the signed change. */
  value: string;
  /** Matrix rules: the two axes (ascending steps) and the grid of changes, cells[row][column]. */
  rowField: ConditionField;
  rowValues: string;
  columnField: ConditionField;
  columnValues: string;
  cells: string[][];
}

export const EMPTY_RULE: PriceRuleFormValues = {
  name: '',
  type: 'simple',
  priority: '0',
  isActive: true,
  conditions: [],
  resultType: 'PERCENT',
  value: '',
  rowField: 'nights',
  rowValues: '',
  columnField: 'leadDays',
  columnValues: '',
  cells: [],
};

export interface StoredRule {
  name: string;
  type: PriceRuleType;
  priority: number;
  is_active: boolean;
  conditions: { field: ConditionField; op: ConditionOp; value: ConditionScalar | ConditionScalar[] }[];
  results: Record<string, unknown>;
}

/** Form messages (namespace rate), keyed by form path: "name", "conditions.0.value", "cells.1.2". */
export type FormErrors = Record<string, string>;

const INTEGER = /^[+-]?\d+$/;
const NUMBER = /^[+-]?\d+(\.\d+)?$/;

/** One typed value: dates stay text; other fields become whole numbers when they look like one. */
export function parseScalar(field: ConditionField, text: string): ConditionScalar {
  const trimmed = text.trim();
  if (field === 'date') return trimmed;
  return INTEGER.test(trimmed) ? Number(trimmed) : trimmed;
}

export function parseList(field: ConditionField, text: string): ConditionScalar[] {
  return text
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v !== '')
    .map((v) => parseScalar(field, v));
}

const number = (text: string): number | string => (NUMBER.test(text.trim().replace(',', '.')) ? Number(text.trim().replace(',', '.')) : text);

export function conditionToStored(c: ConditionValues): StoredRule['conditions'][number] {
  const many = c.op === 'in' || c.op === 'not_in' || c.op === 'between';
  return { field: c.field, op: c.op, value: many ? parseList(c.field, c.value) : parseScalar(c.field, c.value) };
}

/** The rule as stored, from the form (no checks: see validateRuleForm). */
export function ruleFromForm(v: PriceRuleFormValues): StoredRule {
  const base = { name: v.name.trim(), type: v.type, priority: Number(v.priority), is_active: v.isActive, conditions: v.conditions.map(conditionToStored) };
  if (v.type === 'simple') return { ...base, results: { type: v.resultType, value: number(v.value) } };
  return {
    ...base,
    results: {
      type: v.resultType,
      rows: { field: v.rowField, values: parseList(v.rowField, v.rowValues) },
      columns: { field: v.columnField, values: parseList(v.columnField, v.columnValues) },
      cells: v.cells.map((row) => row.map(number)),
    },
  };
}

const text = (value: unknown): string => (Array.isArray(value) ? value.map(String).join(', ') : value === undefined || value === null ? '' : String(value));
const isField = (v: unknown): v is ConditionField => (CONDITION_FIELDS as readonly unknown[]).includes(v);
const isOp = (v: unknown): v is ConditionOp => (CONDITION_OPS as readonly unknown[]).includes(v);
const obj = (v: unknown): Record<string, unknown> => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

/** The form for a stored rule; anything unreadable starts from the empty rule's choice. */
export function formFromRule(row: { name: string; type: string; priority: number; is_active: boolean; conditions: unknown; results: unknown }): PriceRuleFormValues {
  const results = obj(row.results);
  const rows = obj(results.rows);
  const columns = obj(results.columns);
  return {
    name: row.name,
    type: row.type === 'matrix' ? 'matrix' : 'simple',
    priority: String(row.priority),
    isActive: row.is_active,
    conditions: (Array.isArray(row.conditions) ? row.conditions : []).map((c) => {
      const o = obj(c);
      return { field: isField(o.field) ? o.field : 'weekday', op: isOp(o.op) ? o.op : 'eq', value: text(o.value) };
    }),
    resultType: results.type === 'FIX' ? 'FIX' : 'PERCENT',
    value: text(results.value),
    rowField: isField(rows.field) ? rows.field : EMPTY_RULE.rowField,
    rowValues: text(rows.values),
    columnField: isField(columns.field) ? columns.field : EMPTY_RULE.columnField,
    columnValues: text(columns.values),
    cells: Array.isArray(results.cells) ? (results.cells as unknown[]).map((r) => (Array.isArray(r) ? r.map(text) : [])) : [],
  };
}

/** The grid resized to the axes' step counts, keeping what was typed where it still fits. */
export function resizeCells(cells: readonly string[][], rows: number, columns: number): string[][] {
  return Array.from({ length: rows }, (_, r) => Array.from({ length: columns }, (_, c) => cells[r]?.[c] ?? ''));
}

/** Where a rule error shows in the form. */
export function formPathOf(rulePath: string): string {
  const parts = rulePath.split('.');
  if (parts[0] === 'conditions') return parts.length >= 3 ? parts.slice(0, 3).join('.') : parts.length === 2 ? `${parts[0]}.${parts[1]}.value` : 'conditions';
  if (parts[0] === 'results') {
    if (parts[1] === 'cells') return parts.length >= 4 ? `cells.${parts[2]}.${parts[3]}` : 'cells';
    if (parts[1] === 'rows') return parts[2] === 'field' ? 'rowField' : 'rowValues';
    if (parts[1] === 'columns') return parts[2] === 'field' ? 'columnField' : 'columnValues';
    if (parts[1] === 'type') return 'resultType';
    return 'value';
  }
  return parts[0] === 'type' ? 'type' : 'conditions';
}

const ruleMessage = (code: RuleErrorCode) => `rate:priceRules.errors.${code}`;

/** Every problem of the form, first message per field; empty when the rule can be saved. */
export function validateRuleForm(v: PriceRuleFormValues): FormErrors {
  const errors: FormErrors = {};
  const put = (path: string, message: string) => {
    if (!(path in errors)) errors[path] = message;
  };
  const name = v.name.trim();
  if (!name) put('name', 'rate:priceRules.form.errors.nameRequired');
  else if (name.length < 2) put('name', 'rate:priceRules.form.errors.nameShort');
  else if (name.length > 100) put('name', 'rate:priceRules.form.errors.nameLong');
  if (!INTEGER.test(v.priority.trim()) || Math.abs(Number(v.priority)) > 1000) put('priority', 'rate:priceRules.form.errors.priority');
  const rule = ruleFromForm(v);
  for (const e of validatePriceRule(rule)) put(formPathOf(e.path), ruleMessage(e.code));
  return errors;
}
