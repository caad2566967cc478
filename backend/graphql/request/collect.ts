// Walks one operation of a parsed document against a role schema: resolves fragments, @skip and
// @include, aliases and merged fields, checks every field and argument, and yields a tree of
// selected fields with coerced argument values. Errors use Hasura's messages and paths.
import {
  GraphQLBoolean, GraphQLNonNull, Kind, getNamedType, isCompositeType, isInputType, isObjectType, typeFromAST, visit, type ASTNode,
  type DirectiveNode, type DocumentNode, type FieldNode, type FragmentDefinitionNode, type GraphQLField,
  type GraphQLObjectType, type GraphQLSchema, type OperationDefinitionNode, type SelectionSetNode, type ValueNode,
} from 'graphql';
import { GqlError, validationFailed } from '../errors';
import { fieldInfo, isColumnValue, type FieldInfo } from '../schema/info';
import { coerceLiteral, rowCountLiteral, Variables, type VariableDef } from './coerce';

export interface Selected {
  alias: string;
  name: string;
  /** The object type that holds the field (for __typename). */
  parentType: string;
  info?: FieldInfo;
  args: Record<string, unknown>;
  fields: Selected[];
  path: string;
  node: FieldNode;
}

export interface CollectedOperation {
  kind: 'query' | 'mutation' | 'subscription';
  operation: OperationDefinitionNode;
  fields: Selected[];
  /** Literals Hasura's rules accepted that graphql-js's value check would refuse (see Variables). */
  lenient: ReadonlySet<ValueNode>;
}

/**
 * maxFields: fields the operation selects (after @skip/@include). maxVisits: selections walked,
 * skipped ones and fragments of other types included, so spreading one fragment twice in a chain
 * (a few hundred bytes that expand exponentially) is refused before the walk takes long.
 */
export const LIMITS = { maxDepth: 15, maxFields: 2000, maxVisits: 20_000 };

const BOOLEAN_NON_NULL = new GraphQLNonNull(GraphQLBoolean);

export function pickOperation(doc: DocumentNode, operationName: string | null | undefined): OperationDefinitionNode {
  const ops = doc.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  if (operationName) {
    const op = ops.find((o) => o.name?.value === operationName);
    if (!op) throw validationFailed(`no such operation found in the document: "${operationName}"`);
    return op;
  }
  if (ops.length !== 1) throw validationFailed(ops.length ? 'exactly one operation has to be present in the document when operationName is not specified' : 'no operations found in the document');
  return ops[0];
}

export function collectOperation(schema: GraphQLSchema, doc: DocumentNode, op: OperationDefinitionNode, rawVars: Record<string, unknown> | null | undefined): CollectedOperation {
  const root = op.operation === 'query' ? schema.getQueryType() : op.operation === 'mutation' ? schema.getMutationType() : schema.getSubscriptionType();
  if (!root) throw validationFailed(op.operation === 'mutation' ? 'no mutations exist' : 'no subscriptions exist');
  if (op.directives?.length) {
    const d = op.directives[0];
    if (d.name.value === 'skip' || d.name.value === 'include') throw validationFailed(`directive "${d.name.value}" is not allowed on a ${op.operation}`);
    throw validationFailed(`directive "${d.name.value}" is not defined in the schema`);
  }
  const variables = declareVariables(schema, op, rawVars);
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of doc.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
  const walker = new Walker(fragments, variables);
  const fields = walker.selectionSet(root, op.selectionSet, '$', 1);
  refuseUnusedValues(op, fragments, variables);
  return { kind: op.operation, operation: op, fields, lenient: variables.lenient };
}

/** The operation's declared variables with the JSON values sent (read later, where each is used). */
function declareVariables(schema: GraphQLSchema, op: OperationDefinitionNode, raw: unknown): Variables {
  if (raw === null || raw === undefined) raw = {};
  if (typeof raw !== 'object' || Array.isArray(raw)) throw new GqlError('validation-failed', 'variables must be an object', '$.variables');
  const values = raw as Record<string, unknown>;
  const defs = new Map<string, VariableDef>();
  for (const def of op.variableDefinitions ?? []) {
    const name = def.variable.name.value;
    const path = `$.variableValues.${name}`;
    if (defs.has(name)) throw new GqlError('parse-failed', `multiple definitions for variable "${name}"`);
    const type = typeFromAST(schema, def.type as Parameters<typeof typeFromAST>[1]);
    if (!type) throw validationFailed(`variable "${name}" is declared as ${printType(def.type)}, but no such type exists in the schema`, path);
    if (!isInputType(type)) throw validationFailed(`variable "${name}" is declared as ${printType(def.type)}, which is not an input type`, path);
    const hasValue = Object.hasOwn(values, name);
    if (hasValue && values[name] === null && def.type.kind === Kind.NON_NULL_TYPE) {
      throw validationFailed(`null value found for non-nullable type: "${printType(def.type)}"`, path);
    }
    if (!hasValue && !def.defaultValue && def.type.kind === Kind.NON_NULL_TYPE) {
      throw validationFailed(`expecting a value for non-nullable variable: "${name}"`, path);
    }
    defs.set(name, {
      name, type, typeNode: def.type, hasValue, value: hasValue ? values[name] : undefined,
      defaultValue: def.defaultValue, hasNonNullDefault: !!def.defaultValue && def.defaultValue.kind !== Kind.NULL,
    });
  }
  return new Variables(defs, values);
}

/** Every variable sent must be used by the operation (Hasura: "unexpected variables in variableValues"). */
function refuseUnusedValues(op: OperationDefinitionNode, fragments: Map<string, FragmentDefinitionNode>, vars: Variables): void {
  const used = new Set<string>();
  const seen = new Set<string>();
  const visitNode = (node: ASTNode) => visit(node, {
    VariableDefinition: () => false,
    Variable: (v) => { used.add(v.name.value); },
    FragmentSpread: (f) => {
      const frag = fragments.get(f.name.value);
      if (frag && !seen.has(frag.name.value)) {
        seen.add(frag.name.value);
        visitNode(frag);
      }
    },
  });
  visitNode(op);
  const extra = Object.keys(vars.raw).filter((k) => !used.has(k));
  if (extra.length) throw validationFailed(`unexpected variables in variableValues: ${extra.join(', ')}`);
}

function printType(t: OperationDefinitionNode['variableDefinitions'] extends readonly (infer V)[] | undefined ? V extends { type: infer T } ? T : never : never): string {
  if (t.kind === Kind.NON_NULL_TYPE) return `${printType(t.type)}!`;
  if (t.kind === Kind.LIST_TYPE) return `[${printType(t.type)}]`;
  return t.name.value;
}

/** `a`, `a and b`, `a, b, and c` (Hasura's englishList). */
function englishList(items: readonly string[]): string {
  if (items.length <= 2) return items.join(' and ');
  return `${items.slice(0, -1).join(', ')}, and ${items[items.length - 1]}`;
}

class Walker {
  private count = 0;
  private visits = 0;
  constructor(
    private fragments: Map<string, FragmentDefinitionNode>,
    private vars: Variables,
  ) {}

  /** `chain`: the fragments being expanded around this selection set, outermost first. */
  selectionSet(type: GraphQLObjectType, set: SelectionSetNode, path: string, depth: number, chain: readonly string[] = []): Selected[] {
    if (depth > LIMITS.maxDepth) throw validationFailed(`the query exceeds the maximum depth of ${LIMITS.maxDepth}`, path);
    const byKey = new Map<string, Selected>();
    const order: Selected[] = [];
    this.collect(type, set, path, depth, byKey, order, chain);
    return order;
  }

  private collect(type: GraphQLObjectType, set: SelectionSetNode, path: string, depth: number, byKey: Map<string, Selected>, order: Selected[], chain: readonly string[]): void {
    const setPath = path === '$' ? '$' : `${path}.selectionSet`;
    for (const sel of set.selections) {
      if (++this.visits > LIMITS.maxVisits) throw validationFailed(`the query expands to more than ${LIMITS.maxVisits} selections`, setPath);
      if (!this.included(sel.directives, setPath)) continue;
      if (sel.kind === Kind.FIELD) {
        if (++this.count > LIMITS.maxFields) throw validationFailed(`the query has more than ${LIMITS.maxFields} fields`, setPath);
        const alias = sel.alias?.value ?? sel.name.value;
        const fieldPath = `${path === '$' ? '$.selectionSet' : `${path}.selectionSet`}.${alias}`;
        const existing = byKey.get(alias);
        if (existing) {
          if (existing.name !== sel.name.value) throw validationFailed(`cannot merge different fields "${existing.name}" and "${sel.name.value}" under the alias "${alias}"`, fieldPath);
          if (sel.selectionSet && existing.info !== undefined) {
            const def = type.getFields()[sel.name.value];
            const inner = getNamedType(def.type);
            if (isObjectType(inner)) {
              const more = this.selectionSet(inner, sel.selectionSet, fieldPath, depth + 1, chain);
              existing.fields = mergeFields(existing.fields, more);
            }
          }
          continue;
        }
        const s = this.field(type, sel, fieldPath, depth, chain);
        byKey.set(alias, s);
        order.push(s);
      } else if (sel.kind === Kind.INLINE_FRAGMENT) {
        if (sel.typeCondition && sel.typeCondition.name.value !== type.name) continue;
        this.collect(type, sel.selectionSet, path, depth, byKey, order, chain);
      } else {
        const name = sel.name.value;
        const frag = this.fragments.get(name);
        if (!frag) throw validationFailed(`fragment "${name}" not found`, setPath);
        // A fragment spread inside its own expansion, at any depth, is a cycle (spec 5.5.2.2):
        // named as Hasura names it, from the repeated fragment on, before any depth limit.
        const at = chain.indexOf(name);
        if (at >= 0) throw validationFailed(`the fragment definition(s) ${englishList(chain.slice(at))} form a cycle`, setPath);
        if (frag.typeCondition.name.value !== type.name) continue;
        this.collect(type, frag.selectionSet, path, depth, byKey, order, [...chain, name]);
      }
    }
  }

  private included(directives: readonly DirectiveNode[] | undefined, path: string): boolean {
    if (!directives?.length) return true;
    const names = directives.map((d) => d.name.value);
    for (const n of names) if (n !== 'skip' && n !== 'include') throw validationFailed(`directive "${n}" is not defined in the schema`, path);
    const dup = names.filter((n, i) => names.indexOf(n) !== i);
    if (dup.length) throw validationFailed(`the following directives are used more than once: ${[...new Set(dup)].join(', ')}`, path);
    for (const d of directives) {
      const arg = d.arguments?.find((a) => a.name.value === 'if');
      if (!arg) throw validationFailed(`missing required argument "if" for directive "${d.name.value}"`, path);
      const v = coerceLiteral(BOOLEAN_NON_NULL, arg.value, this.vars, 'if', path);
      if (typeof v !== 'boolean') throw validationFailed(`expected a boolean for the argument "if" of directive "${d.name.value}"`, path);
      if (d.name.value === 'skip' && v) return false;
      if (d.name.value === 'include' && !v) return false;
    }
    return true;
  }

  private field(type: GraphQLObjectType, node: FieldNode, path: string, depth: number, chain: readonly string[]): Selected {
    const name = node.name.value;
    const alias = node.alias?.value ?? name;
    const base: Selected = { alias, name, parentType: type.name, args: {}, fields: [], path, node };
    if (name === '__typename') return base;
    if (name === '__schema' || name === '__type') {
      if (depth !== 1 || type.name !== 'query_root') throw validationFailed(`field '${name}' not found in type: '${type.name}'`, path);
      return base;
    }
    const def: GraphQLField<unknown, unknown> | undefined = type.getFields()[name];
    if (!def) throw validationFailed(`field '${name}' not found in type: '${type.name}'`, path);
    base.info = fieldInfo(def);
    const argDefs = new Map(def.args.map((a) => [a.name, a]));
    for (const a of node.arguments ?? []) {
      const ad = argDefs.get(a.name.value);
      if (!ad) throw validationFailed(`'${name}' has no argument named '${a.name.value}'`, `${path}.args`);
      const argPath = `${path}.args.${a.name.value}`;
      const rowCount = (ad.extensions as { hasura?: { rowCount?: 'limit' | 'offset' } } | undefined)?.hasura?.rowCount;
      const literal = rowCount ? rowCountLiteral(rowCount, a.value, argPath, this.vars) : undefined;
      const v = literal !== undefined ? literal : coerceLiteral(ad.type, a.value, this.vars, a.name.value, argPath, 0, ad.defaultValue !== undefined, isColumnValue(ad.extensions));
      if (v !== undefined) base.args[a.name.value] = v;
    }
    for (const ad of def.args) {
      if (!(ad.name in base.args) && ad.type.toString().endsWith('!') && ad.defaultValue === undefined) {
        throw validationFailed(`missing required field '${ad.name}'`, `${path}.args`);
      }
    }
    const inner = getNamedType(def.type);
    if (isCompositeType(inner)) {
      if (!node.selectionSet) throw validationFailed(`missing selection set for "${name}"`, path);
      if (isObjectType(inner)) base.fields = this.selectionSet(inner, node.selectionSet, path, depth + 1, chain);
    } else if (node.selectionSet) {
      throw validationFailed(`unexpected subselection set for non-object field "${name}"`, path);
    }
    return base;
  }
}

function mergeFields(a: Selected[], b: Selected[]): Selected[] {
  const out = [...a];
  for (const s of b) {
    const e = out.find((x) => x.alias === s.alias);
    if (!e) out.push(s);
    else e.fields = mergeFields(e.fields, s.fields);
  }
  return out;
}
