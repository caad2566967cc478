// Checks and converts argument values (literals and variables) against a role schema's input
// types, with Hasura's error messages. A variable is type-checked where it is used (its declared
// type against the location's type, GraphQL spec 5.8.5 as Hasura implements it) and its JSON value
// is read there with the location's type, so a value never reaches the compiler in a shape its
// position does not allow. Postgres-typed scalars are read as Hasura's parsePGValue reads them.
import {
  GraphQLError, Kind, isEnumType, isInputObjectType, isListType, isNonNullType, isScalarType, valueFromASTUntyped,
  type GraphQLInputType, type TypeNode, type ValueNode,
} from 'graphql';
import { GqlError, legacyMessages, notAnEnumValue, validationFailed } from '../errors';
import { NumericLiteral } from './numericLiteral';
import { parsePgScalar } from './pgScalars';
import { integerOutOfBounds } from './scientific';
import { isColumnValue } from '../schema/info';

export { NumericLiteral };

/** A declared variable of the operation: its type and its value (JSON, a default literal, or none). */
export interface VariableDef {
  name: string;
  type: GraphQLInputType;
  typeNode: TypeNode;
  /** The JSON value sent, when one was sent. */
  value?: unknown;
  hasValue: boolean;
  defaultValue?: ValueNode;
  /** A default other than `null`: lets a nullable variable stand where a non-null type is expected. */
  hasNonNullDefault: boolean;
}

export class Variables {
  readonly used = new Set<string>();
  /**
   * Literals read by Hasura's rules where the GraphQL type alone would refuse them (a string
   * `offset`, a numeric string for an integer column): graphql-js's value check skips these.
   */
  readonly lenient = new Set<ValueNode>();
  constructor(
    readonly defs: Map<string, VariableDef>,
    /** The raw JSON values, for variables nested inside json/jsonb literals (not type-checked there, as in Hasura). */
    readonly raw: Record<string, unknown>,
  ) {}
}

const GRAPHQL_VALUE_KIND: Partial<Record<Kind, string>> = {
  [Kind.INT]: 'an integer', [Kind.FLOAT]: 'a float', [Kind.STRING]: 'a string', [Kind.BOOLEAN]: 'a boolean',
  [Kind.NULL]: 'null', [Kind.ENUM]: 'an enum value', [Kind.LIST]: 'a list', [Kind.OBJECT]: 'an object',
};

/**
 * `limit` and `offset` written in the query, read as Hasura's parsers read them: `limit` is a
 * non-negative 32-bit integer (nonNegativeInt), `offset` an integer that may also come as a
 * decimal string (bigInt); anything else is refused with Hasura's type-mismatch message.
 * Variables keep the Int rules (`undefined`: not a literal, coerce it as usual).
 */
export function rowCountLiteral(kind: 'limit' | 'offset', node: ValueNode, path: string, vars?: Variables): number | null | undefined {
  if (node.kind === Kind.VARIABLE) return undefined;
  if (node.kind === Kind.NULL) return null;
  if (legacyMessages()) {
    // The older Hasura the shared kit was taken from read both as Int and refused a negative limit later.
    if (kind === 'limit' && node.kind === Kind.INT && Number(node.value) < 0) throw new GqlError('not-supported', 'unexpected negative value', path);
    return undefined;
  }
  if (kind === 'limit') {
    if (node.kind === Kind.INT && Number(node.value) >= 0 && Number(node.value) <= 2147483647) return Number(node.value);
    throw validationFailed(`expected a non-negative 32-bit integer for type 'Int', but found ${GRAPHQL_VALUE_KIND[node.kind] ?? 'a value'}`, path);
  }
  if ((node.kind === Kind.INT || (node.kind === Kind.STRING && /^-?[0-9]+$/.test(node.value))) && Number.isSafeInteger(Number(node.value))) {
    if (node.kind === Kind.STRING) vars?.lenient.add(node);
    return Number(node.value);
  }
  throw validationFailed(`expected a 32-bit integer, or a 64-bit integer represented as a string for type 'Int', but found ${GRAPHQL_VALUE_KIND[node.kind] ?? 'a value'}`, path);
}

/** Deeper input values (e.g. `_not` chains) are refused before they reach the compiler. */
export const MAX_INPUT_DEPTH = 64;

/** Int, Float and Boolean: a column's value may also come as a string Postgres parses (parsePGValue). */
const COLUMN_TEXT_SCALARS = new Set(['Int', 'Float', 'Boolean']);

function scalarFromJson(name: string, v: unknown, ctxName: string, path: string, column: boolean): unknown {
  if (column && typeof v === 'string' && COLUMN_TEXT_SCALARS.has(name)) return v;
  switch (name) {
    case 'Int':
      if (typeof v === 'number' && Number.isInteger(v) && v <= 2147483647 && v >= -2147483648) return v;
      // A number that is no 32-bit integer is a parse failure in Hasura (scientificToInteger).
      if (typeof v === 'number') throw new GqlError('parse-failed', integerOutOfBounds(String(v)), path);
      throw validationFailed(`expecting Integer value for "${ctxName}"`, path);
    case 'Float':
      if (typeof v === 'number') return v;
      throw validationFailed(`expecting Float value for "${ctxName}"`, path);
    case 'String':
    case 'ID':
      if (typeof v === 'string') return v;
      throw validationFailed(`expecting String value for "${ctxName}"`, path);
    case 'Boolean':
      if (typeof v === 'boolean') return v;
      throw validationFailed(`expecting Boolean value for "${ctxName}"`, path);
    default:
      return pgScalar(name, v, path);
  }
}

function pgScalar(name: string, v: unknown, path: string): unknown {
  try {
    return parsePgScalar(name, v);
  } catch (e) {
    if (e instanceof GqlError) throw new GqlError(e.code, e.message, path);
    throw e;
  }
}

/** Hasura's message for null where a non-null value of `type` is needed. */
function nullMessage(type: GraphQLInputType): string {
  return isInputObjectType(type) ? `expected an object for type '${type.name}', but found null` : `unexpected null value for type '${String(type)}'`;
}

/** Coerces a JSON value (a variable's value) to an input type. */
export function coerceJson(type: GraphQLInputType, v: unknown, ctxName: string, path: string, depth = 0, column = false): unknown {
  if (depth > MAX_INPUT_DEPTH) throw validationFailed(`input values may be nested at most ${MAX_INPUT_DEPTH} levels deep`, path);
  if (isNonNullType(type)) {
    if (v === null || v === undefined) throw validationFailed(nullMessage(type.ofType), path);
    return coerceJson(type.ofType, v, ctxName, path, depth + 1, column);
  }
  if (v === null || v === undefined) return null;
  if (isListType(type)) {
    if (!Array.isArray(v)) return [coerceJson(type.ofType, v, ctxName, path, depth + 1, column)];
    return v.map((x, i) => coerceJson(type.ofType, x, ctxName, `${path}[${i}]`, depth + 1, column));
  }
  if (isScalarType(type)) return scalarFromJson(type.name, v, ctxName, path, column);
  if (isEnumType(type)) {
    if (typeof v !== 'string' || !type.getValue(v)) throw validationFailed(notAnEnumValue(type.name, type.getValues().map((x) => x.name), typeof v === 'string' ? v : JSON.stringify(v)), path);
    return type.getValue(v)?.value;
  }
  if (isInputObjectType(type)) {
    if (typeof v !== 'object' || Array.isArray(v)) throw validationFailed(`expected an object for type "${type.name}", but found ${Array.isArray(v) ? 'array' : typeof v}`, path);
    const fields = type.getFields();
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
      const f = Object.hasOwn(fields, k) ? fields[k] : undefined;
      if (!f) throw validationFailed(`field '${k}' not found in type: '${type.name}'`, `${path}.${k}`);
      out[k] = coerceJson(f.type, x, k, `${path}.${k}`, depth + 1, isColumnValue(f.extensions));
    }
    fillInputDefaults(type, out, path);
    return out;
  }
  throw validationFailed(`cannot read a value of type "${String(type)}"`, path);
}

function fillInputDefaults(type: { name: string; getFields(): Record<string, { type: GraphQLInputType; defaultValue?: unknown }> }, out: Record<string, unknown>, path: string): void {
  for (const [k, f] of Object.entries(type.getFields())) {
    if (k in out) continue;
    if (f.defaultValue !== undefined) out[k] = f.defaultValue;
    else if (isNonNullType(f.type)) throw validationFailed(`missing required field '${k}'`, path);
  }
}

/** Same list structure and named type; nullability is not compared here (Hasura's areTypesCompatible). */
function compatible(location: GraphQLInputType, variable: GraphQLInputType): boolean {
  const l = isNonNullType(location) ? location.ofType : location;
  const v = isNonNullType(variable) ? variable.ofType : variable;
  if (isListType(l) || isListType(v)) return isListType(l) && isListType(v) && compatible(l.ofType, v.ofType);
  return l.name === v.name;
}

/** GraphQL spec 5.8.5 "All Variable Usages Are Allowed", as Hasura's isVariableUsageAllowed. */
function usageAllowed(location: GraphQLInputType, def: VariableDef, locationHasDefault: boolean): boolean {
  const nullableOk = !isNonNullType(location) || isNonNullType(def.type) || locationHasDefault || def.hasNonNullDefault;
  return nullableOk && compatible(location, def.type);
}

/** Reads a variable at a location of type `type` (after checking the variable may stand there). */
function variableAt(type: GraphQLInputType, name: string, vars: Variables, ctxName: string, path: string, locationHasDefault: boolean, column: boolean): unknown {
  const def = vars.defs.get(name);
  if (!def) throw validationFailed(`unbound variable "${name}"`, path);
  vars.used.add(name);
  if (!usageAllowed(type, def, locationHasDefault)) {
    throw validationFailed(`variable '${name}' is declared as '${String(def.type)}', but used where '${String(type)}' is expected`, path);
  }
  if (def.hasValue) {
    if (def.value === null && isNonNullType(type)) throw validationFailed(nullMessage(type.ofType), path);
    return coerceJson(type, def.value, ctxName, path, 0, column);
  }
  if (def.defaultValue) return coerceLiteral(type, def.defaultValue, vars, ctxName, path, 0, false, column);
  if (isNonNullType(type)) {
    if (locationHasDefault) return undefined;
    throw validationFailed(`no variable value specified for non-nullable variable "${name}"`, path);
  }
  // Declared, nullable and not given: the argument or field is left out.
  return undefined;
}

/**
 * Coerces an argument literal (which may contain variables) to an input type. `locationHasDefault`
 * tells whether the argument or input field has a default value (a nullable variable may stand
 * there even when its type is non-null).
 */
export function coerceLiteral(
  type: GraphQLInputType, node: ValueNode, vars: Variables, ctxName: string, path: string, depth = 0, locationHasDefault = false,
  /** The location takes a column's value (see COLUMN_VALUE). */
  column = false,
): unknown {
  if (depth > MAX_INPUT_DEPTH) throw validationFailed(`input values may be nested at most ${MAX_INPUT_DEPTH} levels deep`, path);
  if (node.kind === Kind.VARIABLE) return variableAt(type, node.name.value, vars, ctxName, path, locationHasDefault, column);
  if (isNonNullType(type)) {
    if (node.kind === Kind.NULL) throw validationFailed(nullMessage(type.ofType), path);
    return coerceLiteral(type.ofType, node, vars, ctxName, path, depth + 1, false, column);
  }
  if (node.kind === Kind.NULL) return null;
  if (isListType(type)) {
    if (node.kind !== Kind.LIST) return [coerceLiteral(type.ofType, node, vars, ctxName, path, depth + 1, false, column)];
    return node.values.map((x, i) => coerceLiteral(type.ofType, x, vars, ctxName, `${path}[${i}]`, depth + 1, false, column));
  }
  if (isScalarType(type)) {
    if (column && node.kind === Kind.STRING && COLUMN_TEXT_SCALARS.has(type.name)) {
      vars.lenient.add(node);
      return node.value;
    }
    return scalarLiteral(type.name, node, vars, ctxName, path);
  }
  if (isEnumType(type)) {
    if (node.kind === Kind.STRING) throw validationFailed(`expected an enum value for type '${type.name}', but found a string`, path);
    if (node.kind !== Kind.ENUM || !type.getValue(node.value)) {
      throw validationFailed(notAnEnumValue(type.name, type.getValues().map((x) => x.name), node.kind === Kind.ENUM ? node.value : node.kind), path);
    }
    return type.getValue(node.value)?.value;
  }
  if (isInputObjectType(type)) {
    if (node.kind !== Kind.OBJECT) throw validationFailed(`expected an object for type "${type.name}"`, path);
    const fields = type.getFields();
    const out: Record<string, unknown> = {};
    for (const f of node.fields) {
      const k = f.name.value;
      const def = Object.hasOwn(fields, k) ? fields[k] : undefined;
      if (!def) throw validationFailed(`field '${k}' not found in type: '${type.name}'`, `${path}.${k}`);
      if (k in out) throw validationFailed(`the field "${k}" is given more than once`, `${path}.${k}`);
      const v = coerceLiteral(def.type, f.value, vars, k, `${path}.${k}`, depth + 1, def.defaultValue !== undefined, isColumnValue(def.extensions));
      if (v !== undefined) out[k] = v;
    }
    fillInputDefaults(type, out, path);
    return out;
  }
  throw validationFailed(`cannot read a value of type "${String(type)}"`, path);
}

function scalarLiteral(name: string, node: ValueNode, vars: Variables, ctxName: string, path: string): unknown {
  switch (name) {
    case 'Int':
      if (node.kind === Kind.INT) {
        const n = Number(node.value);
        if (n <= 2147483647 && n >= -2147483648) return n;
        throw new GqlError('parse-failed', integerOutOfBounds(node.value), path);
      }
      throw validationFailed(`expecting Integer value for "${ctxName}"`, path);
    case 'Float':
      if (node.kind === Kind.INT || node.kind === Kind.FLOAT) return Number(node.value);
      throw validationFailed(`expecting Float value for "${ctxName}"`, path);
    case 'String':
    case 'ID':
      if (node.kind === Kind.STRING) return node.value;
      throw validationFailed(`expecting String value for "${ctxName}"`, path);
    case 'Boolean':
      if (node.kind === Kind.BOOLEAN) return node.value;
      throw validationFailed(`expecting Boolean value for "${ctxName}"`, path);
    default: {
      // Numbers keep their literal text so bigint/numeric do not lose precision.
      if (node.kind === Kind.INT || node.kind === Kind.FLOAT) return pgScalar(name, new NumericLiteral(node.value), path);
      if (node.kind === Kind.ENUM || node.kind === Kind.STRING) return pgScalar(name, node.value, path);
      if (node.kind === Kind.BOOLEAN) return pgScalar(name, node.value, path);
      // Lists and objects: json/jsonb take them whole (variables inside are their raw JSON, as in
      // Hasura); Postgres arrays take a list of their element; anything else is refused.
      if (node.kind === Kind.LIST && name.startsWith('_')) {
        return node.values.map((x, i) => scalarLiteral(name.slice(1), x, vars, ctxName, `${path}[${i}]`));
      }
      return pgScalar(name, valueFromASTUntyped(node, vars.raw), path);
    }
  }
}

/** graphql-js scalar hooks for a Postgres-typed scalar, so graphql-js validation reads values the same way. */
export function pgScalarHooks(name: string): { parseValue(v: unknown): unknown; parseLiteral(node: ValueNode): unknown } {
  const wrap = (f: () => unknown) => {
    try {
      return f();
    } catch (e) {
      throw new GraphQLError(e instanceof Error ? e.message : String(e));
    }
  };
  return {
    parseValue: (v) => wrap(() => parsePgScalar(name, v)),
    parseLiteral: (node) => wrap(() => {
      if (node.kind === Kind.INT || node.kind === Kind.FLOAT) return parsePgScalar(name, new NumericLiteral(node.value));
      if (node.kind === Kind.STRING || node.kind === Kind.ENUM || node.kind === Kind.BOOLEAN) return parsePgScalar(name, node.value);
      if (node.kind === Kind.NULL) return null;
      const v = valueFromASTUntyped(node);
      if (v === undefined) return null;
      return parsePgScalar(name, v);
    }),
  };
}
