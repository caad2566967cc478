// Checks and converts argument values (literals and variables) against a role schema's input
// types, with Hasura's error messages. Custom scalars pass through: Postgres parses them.
import {
  Kind, isEnumType, isInputObjectType, isListType, isNonNullType, isScalarType, valueFromASTUntyped,
  type GraphQLInputType, type ValueNode,
} from 'graphql';
import { validationFailed } from '../errors';

export type Vars = Record<string, unknown>;

/** Deeper input values (e.g. `_not` chains) are refused before they reach the compiler. */
export const MAX_INPUT_DEPTH = 64;

function typeLabel(t: GraphQLInputType): string {
  return String(t);
}

function scalarFromJson(name: string, v: unknown, ctxName: string, path: string): unknown {
  switch (name) {
    case 'Int':
      if (typeof v === 'number' && Number.isInteger(v) && Math.abs(v) <= 2147483647) return v;
      throw validationFailed(`expecting Integer value for "${ctxName}"`, path);
    case 'Float':
      if (typeof v === 'number') return v;
      throw validationFailed(`expecting Float value for "${ctxName}"`, path);
    case 'String':
      if (typeof v === 'string') return v;
      throw validationFailed(`expecting String value for "${ctxName}"`, path);
    case 'Boolean':
      if (typeof v === 'boolean') return v;
      throw validationFailed(`expecting Boolean value for "${ctxName}"`, path);
    default:
      return v;
  }
}

/** Coerces a JSON value (a variable's value) to an input type. */
export function coerceJson(type: GraphQLInputType, v: unknown, ctxName: string, path: string, depth = 0): unknown {
  if (depth > MAX_INPUT_DEPTH) throw validationFailed(`input values may be nested at most ${MAX_INPUT_DEPTH} levels deep`, path);
  if (isNonNullType(type)) {
    if (v === null || v === undefined) throw validationFailed(`unexpected null value for type "${typeLabel(type.ofType)}"`, path);
    return coerceJson(type.ofType, v, ctxName, path, depth + 1);
  }
  if (v === null || v === undefined) return null;
  if (isListType(type)) {
    if (!Array.isArray(v)) return [coerceJson(type.ofType, v, ctxName, path, depth + 1)];
    return v.map((x, i) => coerceJson(type.ofType, x, ctxName, `${path}[${i}]`, depth + 1));
  }
  if (isScalarType(type)) return scalarFromJson(type.name, v, ctxName, path);
  if (isEnumType(type)) {
    if (typeof v !== 'string' || !type.getValue(v)) throw validationFailed(`expected one of the values ${type.getValues().map((x) => x.name).join(', ')} for type "${type.name}", but found "${String(v)}"`, path);
    return type.getValue(v)?.value;
  }
  if (isInputObjectType(type)) {
    if (typeof v !== 'object' || Array.isArray(v)) throw validationFailed(`expected an object for type "${type.name}", but found ${Array.isArray(v) ? 'array' : typeof v}`, path);
    const fields = type.getFields();
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
      const f = fields[k];
      if (!f) throw validationFailed(`field "${k}" not found in type: '${type.name}'`, `${path}.${k}`);
      out[k] = coerceJson(f.type, x, k, `${path}.${k}`, depth + 1);
    }
    fillInputDefaults(type, out, path);
    return out;
  }
  return v;
}

function fillInputDefaults(type: { name: string; getFields(): Record<string, { type: GraphQLInputType; defaultValue?: unknown }> }, out: Record<string, unknown>, path: string): void {
  for (const [k, f] of Object.entries(type.getFields())) {
    if (k in out) continue;
    if (f.defaultValue !== undefined) out[k] = f.defaultValue;
    else if (isNonNullType(f.type)) throw validationFailed(`missing required field '${k}'`, path);
  }
}

/** Coerces an argument literal (which may contain variables) to an input type. */
export function coerceLiteral(type: GraphQLInputType, node: ValueNode, vars: Vars, ctxName: string, path: string, depth = 0): unknown {
  if (depth > MAX_INPUT_DEPTH) throw validationFailed(`input values may be nested at most ${MAX_INPUT_DEPTH} levels deep`, path);
  if (node.kind === Kind.VARIABLE) {
    const name = node.name.value;
    if (!(name in vars)) throw validationFailed(`unbound variable "${name}"`, path);
    const v = vars[name];
    if (v === undefined) {
      if (isNonNullType(type)) throw validationFailed(`unexpected null value for type "${typeLabel(type.ofType)}"`, path);
      return undefined;
    }
    if (isNonNullType(type) && (v === null || v === undefined)) throw validationFailed(`unexpected null value for type "${typeLabel(type.ofType)}"`, path);
    return v;
  }
  if (isNonNullType(type)) {
    if (node.kind === Kind.NULL) throw validationFailed(`unexpected null value for type "${typeLabel(type.ofType)}"`, path);
    return coerceLiteral(type.ofType, node, vars, ctxName, path, depth + 1);
  }
  if (node.kind === Kind.NULL) return null;
  if (isListType(type)) {
    if (node.kind !== Kind.LIST) return [coerceLiteral(type.ofType, node, vars, ctxName, path, depth + 1)];
    return node.values.map((x, i) => coerceLiteral(type.ofType, x, vars, ctxName, `${path}[${i}]`, depth + 1));
  }
  if (isScalarType(type)) {
    switch (type.name) {
      case 'Int':
        if (node.kind === Kind.INT) {
          const n = Number(node.value);
          if (Math.abs(n) <= 2147483647) return n;
        }
        throw validationFailed(`expecting Integer value for "${ctxName}"`, path);
      case 'Float':
        if (node.kind === Kind.INT || node.kind === Kind.FLOAT) return Number(node.value);
        throw validationFailed(`expecting Float value for "${ctxName}"`, path);
      case 'String':
        if (node.kind === Kind.STRING) return node.value;
        throw validationFailed(`expecting String value for "${ctxName}"`, path);
      case 'Boolean':
        if (node.kind === Kind.BOOLEAN) return node.value;
        throw validationFailed(`expecting Boolean value for "${ctxName}"`, path);
      default:
        // Numbers keep their literal text so bigint/numeric do not lose precision.
        if (node.kind === Kind.INT || node.kind === Kind.FLOAT) return new NumericLiteral(node.value);
        if (node.kind === Kind.ENUM) return node.value;
        return valueFromASTUntyped(node, vars);
    }
  }
  if (isEnumType(type)) {
    if (node.kind !== Kind.ENUM || !type.getValue(node.value)) {
      const found = node.kind === Kind.ENUM || node.kind === Kind.STRING ? node.value : node.kind;
      throw validationFailed(`expected one of the values ${type.getValues().map((x) => x.name).join(', ')} for type "${type.name}", but found "${found}"`, path);
    }
    return type.getValue(node.value)?.value;
  }
  if (isInputObjectType(type)) {
    if (node.kind !== Kind.OBJECT) throw validationFailed(`expected an object for type "${type.name}"`, path);
    const fields = type.getFields();
    const out: Record<string, unknown> = {};
    for (const f of node.fields) {
      const k = f.name.value;
      const def = fields[k];
      if (!def) throw validationFailed(`field "${k}" not found in type: '${type.name}'`, `${path}.${k}`);
      const v = coerceLiteral(def.type, f.value, vars, k, `${path}.${k}`, depth + 1);
      if (v !== undefined) out[k] = v;
    }
    fillInputDefaults(type, out, path);
    return out;
  }
  return valueFromASTUntyped(node, vars);
}

/** A numeric literal of a custom scalar (bigint, numeric...), kept as written. */
export class NumericLiteral {
  constructor(readonly text: string) {}
  toJSON(): number {
    return Number(this.text);
  }
}
