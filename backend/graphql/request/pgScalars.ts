// How a value of a Postgres-typed GraphQL scalar (uuid, timestamptz, numeric, jsonb...) is read
// from a variable's JSON or from a literal, as Hasura's `parsePGValue` does: json/jsonb take any
// JSON; integer and numeric types take numbers (or strings, which Postgres parses); arrays take
// lists of their element; every other type takes only a string. Objects, lists and booleans never
// reach a column that is not json, so a value can not change shape on its way to the database.
import { GqlError } from '../errors';
import { NumericLiteral } from './numericLiteral';
import { integerOutOfBounds } from './scientific';

const INTEGER = new Set(['smallint', 'bigint', 'int2', 'int8', 'serial', 'bigserial', 'smallserial']);
const NUMBER = new Set(['numeric', 'float8', 'float4', 'money', 'real', 'decimal']);
const JSON_TYPES = new Set(['json', 'jsonb']);
const INT_BOUNDS: Record<string, bigint> = { smallint: 32767n, int2: 32767n, smallserial: 32767n };
const BIGINT_MAX = 9223372036854775807n;

/** Kind of JSON value, in Hasura's wording. */
function encountered(v: unknown): string {
  if (v === null) return 'Null';
  if (Array.isArray(v)) return 'Array';
  if (typeof v === 'object') return 'Object';
  if (typeof v === 'boolean') return 'Boolean';
  if (typeof v === 'number') return 'Number';
  return 'String';
}

const parseFailed = (message: string) => new GqlError('parse-failed', message);
const LTREE_EXPECTED = 'Expecting label path: a sequence of zero or more labels separated by dots, for example L1.L2.L3';

function integerInRange(text: string, type: string): boolean {
  if (!/^-?\d+$/.test(text)) return false;
  const max = INT_BOUNDS[type] ?? BIGINT_MAX;
  const n = BigInt(text);
  return n <= max && n >= -max - 1n;
}

/**
 * Reads the JSON value of a scalar named after its Postgres type. Throws `parse-failed` (path
 * set by the caller) for a value of the wrong JSON kind; strings for typed scalars pass, as in
 * Hasura, and Postgres parses them (a malformed uuid string is a data-exception there).
 */
export function parsePgScalar(name: string, v: unknown): unknown {
  if (v === null || v === undefined) return null;
  if (JSON_TYPES.has(name)) return v;
  // Hasura reads ltree strictly (no text left to Postgres): labels separated by dots, none empty.
  if (name === 'ltree') {
    if (typeof v === 'string' && !v.split('.').some((label) => label === '')) return v;
    throw parseFailed(LTREE_EXPECTED);
  }
  if (name.startsWith('_')) {
    const elem = name.slice(1);
    if (typeof v === 'string') return v;
    if (!Array.isArray(v)) throw parseFailed(`parsing array of ${elem} failed, expected Array, but encountered ${encountered(v)}`);
    return v.map((x) => (Array.isArray(x) ? parsePgScalar(name, x) : parsePgScalar(elem, x)));
  }
  if (v instanceof NumericLiteral) {
    if (INTEGER.has(name) || NUMBER.has(name)) {
      if (INTEGER.has(name) && !integerInRange(v.text, name)) throw parseFailed(integerOutOfBounds(v.text));
      return v;
    }
    throw parseFailed(`A string is expected for type: ${name}`);
  }
  if (typeof v === 'string') return v;
  if (INTEGER.has(name)) {
    if (typeof v === 'number' && Number.isInteger(v) && integerInRange(String(BigInt(v)), name)) return v;
    if (typeof v === 'number') throw parseFailed(integerOutOfBounds(String(v)));
    throw parseFailed(`parsing Integer expected for input type: ${name} failed, expected Number, but encountered ${encountered(v)}`);
  }
  if (NUMBER.has(name)) {
    if (typeof v === 'number' && Number.isFinite(v)) return v;
    throw parseFailed(`parsing ${name} failed, expected Number, but encountered ${encountered(v)}`);
  }
  throw parseFailed(`A string is expected for type: ${name}`);
}
