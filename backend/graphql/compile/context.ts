// State shared while compiling one root field to SQL: bound parameters, fresh table aliases,
// the session (role, variables) and the model.
import { GqlError, validationFailed } from '../errors';
import type { Model, Relationship, Table } from '../model';
import { NumericLiteral } from '../request/numericLiteral';

/**
 * A request's `where` expressions may hold at most this many conditions in all: each relationship
 * condition is a sub-select, and on the embedded database a statement cannot be interrupted.
 */
export const MAX_WHERE_CONDITIONS = 1000;

/**
 * Postgres's wire protocol counts a statement's bound values in 16 bits. Hasura inlines values, so
 * it has no such limit (the database's own rules, e.g. the calendar's 1000 nights per write, answer
 * first there); here a request past it is refused plainly instead of failing inside the driver.
 */
export const MAX_BOUND_VALUES = 65_535;

export class CompileContext {
  readonly params: unknown[] = [];
  private aliasN = 0;
  /** Session variables the statement read (for subscription multiplexing keys). */
  readonly usedSession = new Set<string>();
  /**
   * Aliases whose rows are rows of their table (not of a function or a mutation's CTE) that
   * already passed this role's select filter.
   */
  readonly permittedRows = new Set<string>();
  /** How a child alias was reached: the parent row (a permitted row) and the relationship. */
  readonly parents = new Map<string, ParentRow>();
  /** Conditions of client `where` expressions compiled so far (bounded: each may be a sub-select). */
  whereConditions = 0;

  constructor(
    readonly model: Model,
    readonly role: string,
    readonly session: Record<string, string>,
    readonly backendOnly = false,
    /** How the n-th bound value (1-based) appears in the SQL: `$n`, or a reference into a row of values (multiplexed live queries). */
    private readonly placeholder: (n: number) => string = (n) => `$${n}`,
  ) {}

  alias(prefix = 't'): string {
    return `"_${prefix}${this.aliasN++}"`;
  }

  /** Binds a value; returns `$n`. */
  param(v: unknown): string {
    if (this.params.length >= MAX_BOUND_VALUES) throw validationFailed(`the request holds too many values for one statement (at most ${MAX_BOUND_VALUES})`);
    this.params.push(v);
    return this.placeholder(this.params.length);
  }

  /** Binds a value cast to a SQL type; arrays and JSON are rendered as Postgres expects them. */
  typed(v: unknown, sqlType: string): string {
    return `${this.param(toPgText(v, sqlType))}::${sqlType}`;
  }

  sessionVar(name: string): string {
    const key = name.toLowerCase();
    const v = this.session[key];
    this.usedSession.add(key);
    if (v === undefined) throw new GqlError('not-found', `missing session variable: "${key}"`);
    return v;
  }

  sessionJson(): string {
    for (const k of Object.keys(this.session)) this.usedSession.add(k);
    return `${this.param(JSON.stringify(this.session))}::json`;
  }
}

export interface ParentRow {
  table: Table;
  alias: string;
  rel: Relationship;
}

export function isSessionVar(v: unknown): v is string {
  return typeof v === 'string' && /^x-hasura-/i.test(v);
}

const isJsonType = (t: string) => t === 'json' || t === 'jsonb';

/** Text form of a value for a parameter of the given SQL type. */
export function toPgText(v: unknown, sqlType: string): string | null {
  if (v === null || v === undefined) return null;
  if (v instanceof NumericLiteral) return v.text;
  if (isJsonType(sqlType)) return JSON.stringify(v);
  // Only json takes objects and only arrays take lists: a value of another shape is refused, not re-encoded.
  if (Array.isArray(v)) {
    if (!sqlType.endsWith('[]')) throw validationFailed(`expected a single value for type "${sqlType}", but found a list`);
    return arrayLiteral(v, sqlType.slice(0, -2));
  }
  if (typeof v === 'object') throw validationFailed(`expected a value for type "${sqlType}", but found an object`);
  return String(v);
}

export function arrayLiteral(items: unknown[], elemType: string): string {
  return `{${items
    .map((x) => {
      if (x === null || x === undefined) return 'NULL';
      if (Array.isArray(x)) return arrayLiteral(x, elemType);
      if (!isJsonType(elemType) && typeof x === 'object' && !(x instanceof NumericLiteral)) throw validationFailed(`expected a value for type "${elemType}", but found an object`);
      const s = isJsonType(elemType) ? JSON.stringify(x) : x instanceof NumericLiteral ? x.text : String(x);
      return `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
    })
    .join(',')}}`;
}
