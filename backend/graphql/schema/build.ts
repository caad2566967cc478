// Builds the GraphQL schema one role sees: only the tables, columns, relationships and root
// fields its permissions allow exist in it (admin sees everything), named as Hasura names them.
import {
  GraphQLBoolean, GraphQLEnumType, GraphQLInputObjectType, GraphQLInt, GraphQLList, GraphQLNonNull, GraphQLObjectType,
  GraphQLSchema, GraphQLString, GraphQLFloat, isObjectType, lexicographicSortSchema, validateSchema, __TypeKind,
  type GraphQLFieldConfig, type GraphQLInputType, type GraphQLFieldConfigArgumentMap, type GraphQLFieldConfigMap, type GraphQLInputFieldConfigMap,
  type GraphQLEnumValue, type GraphQLError, type GraphQLOutputType,
} from 'graphql';
import {
  ADMIN, argScalarName, deletePerm, insertPerm, selectPerm, updatePerm,
  type Column, type ComputedField, type Model, type Table, type TrackedFunction,
} from '../model';
import { AGG_OPS, COLUMN_VALUE, type FieldInfo } from './info';
import { ScalarRegistry, nonNullList } from './scalars';

// Hasura defines __TypeKind's values in name order (Schema/Introspect.hs); graphql-js's shared
// introspection type lists them in the specification's order. Introspection is the only reader
// of this order (values are looked up by name), so the one shared array is sorted once here.
(__TypeKind.getValues() as GraphQLEnumValue[]).sort((a, b) => (a.name < b.name ? -1 : 1));

/**
 * A role whose select permission lists no column (`columns: []`, aggregations allowed: it may
 * count rows but read nothing) gets an object type without fields, as in Hasura. The GraphQL
 * specification wants one field at least, so graphql-js would refuse the whole schema; that one
 * rule is set aside for object types, every other schema error still stops the build.
 */
function acceptFieldlessObjects(schema: GraphQLSchema): GraphQLSchema {
  const fieldless = (e: GraphQLError) => /^Type \w+ must define one or more fields\.$/.test(e.message) && isObjectType(schema.getType(e.message.split(' ')[1]));
  const errors = validateSchema(schema);
  const others = errors.filter((e) => !fieldless(e));
  if (others.length) throw new Error(`invalid role schema: ${others.map((e) => e.message).join('; ')}`);
  schema.__validationErrors = others;
  return schema;
}

type Field = GraphQLFieldConfig<unknown, unknown>;
const withInfo = (f: Field, info: FieldInfo): Field => ({ ...f, extensions: { hasura: info } });
const list = (t: GraphQLOutputType) => new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(t)));

export class RoleSchemaBuilder {
  private s = new ScalarRegistry();
  private memo = new Map<string, unknown>();
  private orderByEnum = new GraphQLEnumType({
    name: 'order_by',
    description: 'column ordering options',
    values: {
      asc: { description: 'in ascending order, nulls last' },
      asc_nulls_first: { description: 'in ascending order, nulls first' },
      asc_nulls_last: { description: 'in ascending order, nulls last' },
      desc: { description: 'in descending order, nulls first' },
      desc_nulls_first: { description: 'in descending order, nulls first' },
      desc_nulls_last: { description: 'in descending order, nulls last' },
    },
  });

  constructor(
    private model: Model,
    private role: string,
    private backendOnly: boolean,
  ) {}

  private once<T>(key: string, make: () => T): T {
    if (!this.memo.has(key)) this.memo.set(key, make());
    return this.memo.get(key) as T;
  }

  private table(key: string): Table | undefined {
    return this.model.tables.get(key);
  }

  private selectable(t: Table): Column[] {
    const p = selectPerm(t, this.role);
    return p ? t.columns.filter((c) => p.columns.has(c.name)) : [];
  }

  private canSelect(t: Table | undefined): t is Table {
    return !!t && selectPerm(t, this.role) !== null;
  }

  private canAggregate(t: Table): boolean {
    return selectPerm(t, this.role)?.allowAggregations === true;
  }

  build(): GraphQLSchema {
    // Hasura keeps every type's fields, input fields, arguments and enum values, and the schema's
    // types, sorted by name (its parser Definitions sort them): introspection, generated types and
    // schema diffs against Nhost Cloud see that order.
    const schema = lexicographicSortSchema(new GraphQLSchema(this.roots()));
    return acceptFieldlessObjects(schema);
  }

  /** The root types, before a schema checks that no two types share a name (typeConflicts.ts). */
  roots(): { query: GraphQLObjectType; mutation?: GraphQLObjectType; subscription?: GraphQLObjectType } {
    for (const t of this.model.tables.values()) if (t.enumValues) this.s.defineEnum(`${t.gqlName}_enum`, t.enumValues);
    const query = this.queryRoot();
    const mutationFields = this.mutationFields();
    const subscription = new GraphQLObjectType({ name: 'subscription_root', fields: () => this.queryFields(true) });
    return {
      query,
      mutation: Object.keys(mutationFields).length ? new GraphQLObjectType({ name: 'mutation_root', fields: mutationFields }) : undefined,
      subscription: Object.keys(this.queryFields(true)).length ? subscription : undefined,
    };
  }

  private queryRoot(): GraphQLObjectType {
    const fields = this.queryFields(false);
    if (!Object.keys(fields).length) {
      // graphql-js needs at least one field; Hasura exposes a bare __typename then.
      fields.no_queries_available = { type: new GraphQLNonNull(GraphQLString), resolve: () => 'There are no queries available to the current role. Either there are no sources or remote schemas configured, or the current role doesn\'t have the required permissions.' };
    }
    return new GraphQLObjectType({ name: 'query_root', fields });
  }

  private queryFields(subscription: boolean): GraphQLFieldConfigMap<unknown, unknown> {
    const fields: GraphQLFieldConfigMap<unknown, unknown> = {};
    for (const t of this.model.tables.values()) {
      if (!this.canSelect(t)) continue;
      const obj = this.objectType(t);
      fields[t.roots.select] = withInfo({ type: list(obj), args: this.selectArgs(t), description: t.rootDescriptions.select }, { kind: 'root', root: 'select', table: t });
      if (this.canAggregate(t)) {
        fields[t.roots.select_aggregate] = withInfo({ type: new GraphQLNonNull(this.aggregateType(t)), args: this.selectArgs(t), description: t.rootDescriptions.select_aggregate }, { kind: 'root', root: 'select_aggregate', table: t });
      }
      const pk = this.pkColumns(t);
      if (pk) fields[t.roots.select_by_pk] = withInfo({ type: obj, args: this.pkArgs(pk), description: t.rootDescriptions.select_by_pk }, { kind: 'root', root: 'select_by_pk', table: t });
      void subscription;
    }
    for (const fn of this.model.functions) {
      if (fn.exposedAs !== 'query') continue;
      this.addFunctionFields(fields, fn);
    }
    return fields;
  }

  /**
   * Hasura (Note [Function Permissions]): a function that may write (exposed as a mutation) is
   * offered only to roles given a function permission; a query function also to every role that
   * may read its table while function permissions are inferred. Admin sees all.
   */
  private functionPermitted(fn: TrackedFunction): boolean {
    if (this.role === ADMIN || fn.permittedRoles.has(this.role)) return true;
    return fn.exposedAs === 'query' && this.model.inferFunctionPermissions;
  }

  private addFunctionFields(fields: GraphQLFieldConfigMap<unknown, unknown>, fn: TrackedFunction): void {
    if (!this.functionPermitted(fn)) return;
    const t = this.table(fn.returnsTableKey);
    if (!this.canSelect(t)) return;
    const args: GraphQLFieldConfigArgumentMap = {};
    if (fn.args.length) args.args = { type: fn.args.some((a) => !a.optional) ? new GraphQLNonNull(this.functionArgs(fn)) : this.functionArgs(fn) };
    Object.assign(args, this.selectArgs(t));
    const obj = this.objectType(t);
    fields[fn.gqlName] = withInfo({ type: fn.returnsSet ? list(obj) : obj, args }, { kind: 'function', fn, table: t, aggregate: false });
    // Hasura gives a function exposed as a mutation no aggregate field (Postgres/Schema/Select.hs).
    if (fn.returnsSet && fn.exposedAs === 'query' && this.canAggregate(t)) {
      fields[fn.aggName] = withInfo({ type: new GraphQLNonNull(this.aggregateType(t)), args }, { kind: 'function', fn, table: t, aggregate: true });
    }
  }

  private functionArgs(fn: TrackedFunction): GraphQLInputObjectType {
    // Keyed by the function: two functions given one custom name make two types of one name,
    // which typeConflicts.ts refuses, rather than one serving the other's arguments.
    return this.once(`fnargs:${fn.schema}.${fn.name}`, () => new GraphQLInputObjectType({
      name: fn.argsName,
      fields: Object.fromEntries(fn.args.map((a) => [a.name, { type: this.s.scalar(a.scalar), extensions: COLUMN_VALUE }])),
    }));
  }

  /** `args` of a computed field: the function's arguments other than the row and the session. */
  private computedArgs(t: Table, cf: ComputedField): GraphQLFieldConfigArgumentMap {
    const { fn } = cf;
    const extra = fn.argNames
      .map((name, i) => ({ name, i }))
      .filter(({ name, i }) => name !== cf.sessionArg && !(name === cf.tableArg || (!cf.tableArg && i === 0)));
    if (!extra.length) return {};
    const required = extra.some(({ i }) => i < fn.argTypes.length - fn.argsWithDefault);
    // Hasura names it `<computed field>_<table>_args`, so a function that is also tracked as a root
    // field (its `<function>_args`) or used by two tables gets distinct types.
    const type = this.once(`cfargs:${t.key}:${cf.name}`, () => new GraphQLInputObjectType({
      name: `${cf.name}_${t.gqlName}_args`,
      fields: Object.fromEntries(extra.map(({ name, i }) => [name, { type: this.s.scalar(argScalarName(fn, i)), extensions: COLUMN_VALUE }])),
    }));
    return { args: { type: required ? new GraphQLNonNull(type) : type, description: `input parameters for computed field "${cf.name}" defined on table "${t.name}"` } };
  }

  private pkColumns(t: Table): Column[] | null {
    if (!t.primaryKey) return null;
    const allowed = new Set(this.selectable(t).map((c) => c.name));
    if (!t.primaryKey.every((c) => allowed.has(c))) return null;
    return t.primaryKey.map((c) => t.columnsByName.get(c) as Column);
  }

  private pkArgs(pk: Column[]): GraphQLFieldConfigArgumentMap {
    return Object.fromEntries(pk.map((c) => [c.gqlName, { type: new GraphQLNonNull(this.s.scalar(c.scalar)), extensions: COLUMN_VALUE }]));
  }

  /** In Hasura's order (Schema/Select.hs defaultArgsParser), which its type-conflict check walks;
   *  the served schema sorts them. */
  private selectArgs(t: Table): GraphQLFieldConfigArgumentMap {
    const columns = this.selectColumnEnum(t);
    const orderBy = this.orderByType(t);
    return {
      where: { type: this.boolExp(t), description: 'filter the rows returned' },
      ...(orderBy ? { order_by: { type: new GraphQLList(new GraphQLNonNull(orderBy)), description: 'sort the rows by one or more columns' } } : {}),
      limit: { type: GraphQLInt, description: 'limit the number of rows returned', extensions: { hasura: { rowCount: 'limit' } } },
      offset: { type: GraphQLInt, description: 'skip the first n rows. Use only with order_by', extensions: { hasura: { rowCount: 'offset' } } },
      ...(columns ? { distinct_on: { type: new GraphQLList(new GraphQLNonNull(columns)), description: 'distinct select on columns' } } : {}),
    };
  }

  objectType(t: Table): GraphQLObjectType {
    return this.once(`obj:${t.key}`, () => new GraphQLObjectType({
      name: t.gqlName,
      description: t.description,
      fields: () => this.objectFields(t),
    }));
  }

  private objectFields(t: Table): GraphQLFieldConfigMap<unknown, unknown> {
    const fields: GraphQLFieldConfigMap<unknown, unknown> = {};
    const perm = selectPerm(t, this.role);
    for (const c of this.selectable(t)) {
      const type = this.s.scalar(c.scalar);
      // json and jsonb columns take Hasura's `path` argument (a part of the value).
      const args = c.scalar === 'json' || c.scalar === 'jsonb' ? { path: { type: GraphQLString, description: 'JSON select path' } } : undefined;
      fields[c.gqlName] = withInfo({ type: c.notNull ? new GraphQLNonNull(type) : type, args, description: c.description }, { kind: 'column', column: c });
    }
    for (const rel of t.relationships.values()) {
      const remote = this.table(rel.remoteKey);
      if (!this.canSelect(remote)) continue;
      if (rel.kind === 'object') {
        const ot = this.objectType(remote);
        fields[rel.name] = withInfo({ type: rel.nonNull ? new GraphQLNonNull(ot) : ot, description: 'An object relationship' }, { kind: 'objrel', rel, table: remote });
      } else {
        fields[rel.name] = withInfo({ type: list(this.objectType(remote)), args: this.selectArgs(remote), description: 'An array relationship' }, { kind: 'arrrel', rel, table: remote });
        if (this.canAggregate(remote)) {
          fields[`${rel.name}_aggregate`] = withInfo({ type: new GraphQLNonNull(this.aggregateType(remote)), args: this.selectArgs(remote), description: 'An aggregate relationship' }, { kind: 'arrrel_agg', rel, table: remote });
        }
      }
    }
    for (const cf of t.computed.values()) {
      const fnArgs = this.computedArgs(t, cf);
      // Table-returning computed fields follow the returned table's select permission (Hasura).
      if (cf.returnsTableKey) {
        const remote = this.table(cf.returnsTableKey);
        if (!this.canSelect(remote)) continue;
        fields[cf.name] = withInfo({ type: list(this.objectType(remote)), args: { ...fnArgs, ...this.selectArgs(remote) }, description: cf.description }, { kind: 'computed', cf, table: remote });
      } else if (cf.scalar && perm?.computed.has(cf.name)) {
        fields[cf.name] = withInfo({ type: this.s.scalar(cf.scalar), args: fnArgs, description: cf.description }, { kind: 'computed', cf, table: null });
      }
    }
    return fields;
  }

  boolExp(t: Table): GraphQLInputObjectType {
    return this.once(`bool:${t.key}`, () => {
      const self: GraphQLInputObjectType = new GraphQLInputObjectType({
        name: `${t.gqlName}_bool_exp`,
        description: `Boolean expression to filter rows from the table "${t.name}". All fields are combined with a logical 'AND'.`,
        fields: () => {
          const f: GraphQLInputFieldConfigMap = {
            _and: { type: new GraphQLList(new GraphQLNonNull(self)) },
            _not: { type: self },
            _or: { type: new GraphQLList(new GraphQLNonNull(self)) },
          };
          for (const c of this.selectable(t)) f[c.gqlName] = { type: this.s.comparison(c.scalar) };
          for (const rel of t.relationships.values()) {
            const remote = this.table(rel.remoteKey);
            if (!this.canSelect(remote)) continue;
            f[rel.name] = { type: this.boolExp(remote) };
            const columns = this.selectColumnEnum(remote);
            if (rel.kind === 'array' && this.canAggregate(remote) && columns) f[`${rel.name}_aggregate`] = { type: this.aggregateBoolExp(remote, columns) };
          }
          const perm = selectPerm(t, this.role);
          for (const cf of t.computed.values()) {
            if (cf.hasInputArgs) continue;
            if (cf.scalar && perm?.computed.has(cf.name)) f[cf.name] = { type: this.s.comparison(cf.scalar) };
            else if (cf.returnsTableKey) {
              const remote = this.table(cf.returnsTableKey);
              if (this.canSelect(remote)) f[cf.name] = { type: this.boolExp(remote) };
            }
          }
          return f;
        },
      });
      return self;
    });
  }

  /** `<rel>_aggregate: {count: {predicate, filter, arguments, distinct}}` in a bool_exp. */
  private aggregateBoolExp(t: Table, columns: GraphQLEnumType): GraphQLInputObjectType {
    return this.once(`aggbool:${t.key}`, () => new GraphQLInputObjectType({
      name: `${t.gqlName}_aggregate_bool_exp`,
      fields: () => ({
        count: {
          type: new GraphQLInputObjectType({
            name: `${t.gqlName}_aggregate_bool_exp_count`,
            fields: () => ({
              arguments: { type: new GraphQLList(new GraphQLNonNull(columns)) },
              distinct: { type: GraphQLBoolean },
              filter: { type: this.boolExp(t) },
              predicate: { type: new GraphQLNonNull(this.s.comparison('Int')) },
            }),
          }),
        },
      }),
    }));
  }

  /** `<table>_order_by`, or null when the role can order by nothing (no readable column, relationship or computed field). */
  orderByType(t: Table): GraphQLInputObjectType | null {
    return this.once(`order:${t.key}`, () => (this.canOrderBy(t, new Set()) ? new GraphQLInputObjectType({
      name: `${t.gqlName}_order_by`,
      description: `Ordering options when selecting data from "${t.name}".`,
      fields: () => this.orderByFields(t),
    }) : null));
  }

  /** Whether `<table>_order_by` has a field, without building it (relationships may cycle). */
  private canOrderBy(t: Table, seen: Set<string>): boolean {
    if (this.selectable(t).length) return true;
    seen.add(t.key);
    const perm = selectPerm(t, this.role);
    for (const cf of t.computed.values()) {
      if (cf.hasInputArgs) continue;
      if (cf.scalar && perm?.computed.has(cf.name)) return true;
      const remote = cf.returnsTableKey ? this.table(cf.returnsTableKey) : undefined;
      if (remote && this.canSelect(remote) && this.canAggregate(remote)) return true;
    }
    for (const rel of t.relationships.values()) {
      const remote = this.table(rel.remoteKey);
      if (!this.canSelect(remote)) continue;
      if (rel.kind === 'array' ? this.canAggregate(remote) : !seen.has(remote.key) && this.canOrderBy(remote, seen)) return true;
    }
    return false;
  }

  private orderByFields(t: Table): GraphQLInputFieldConfigMap {
    const f: GraphQLInputFieldConfigMap = {};
    for (const c of this.selectable(t)) f[c.gqlName] = { type: this.orderByEnum };
    for (const rel of t.relationships.values()) {
      const remote = this.table(rel.remoteKey);
      if (!this.canSelect(remote)) continue;
      if (rel.kind === 'object') {
        const ob = this.orderByType(remote);
        if (ob) f[rel.name] = { type: ob };
      } else if (this.canAggregate(remote)) f[`${rel.name}_aggregate`] = { type: this.aggregateOrderBy(remote) };
    }
    // Computed fields without input arguments: scalars by value, table-returning ones by aggregate.
    const perm = selectPerm(t, this.role);
    for (const cf of t.computed.values()) {
      if (cf.hasInputArgs) continue;
      if (cf.scalar && perm?.computed.has(cf.name)) f[cf.name] = { type: this.orderByEnum };
      else if (cf.returnsTableKey) {
        const remote = this.table(cf.returnsTableKey);
        if (remote && this.canSelect(remote) && this.canAggregate(remote)) f[`${cf.name}_aggregate`] = { type: this.aggregateOrderBy(remote) };
      }
    }
    return f;
  }

  private aggregateOrderBy(t: Table): GraphQLInputObjectType {
    return this.once(`aggorder:${t.key}`, () => new GraphQLInputObjectType({
      name: `${t.gqlName}_aggregate_order_by`,
      fields: () => {
        const f: GraphQLInputFieldConfigMap = { count: { type: this.orderByEnum } };
        for (const op of AGG_OPS) {
          const cols = this.aggColumns(t, op);
          if (!cols.length) continue;
          f[op] = {
            type: this.once(`aggorder:${t.key}:${op}`, () => new GraphQLInputObjectType({
              name: `${t.gqlName}_${op}_order_by`,
              fields: Object.fromEntries(cols.map((c) => [c.gqlName, { type: this.orderByEnum }])),
            })),
          };
        }
        return f;
      },
    }));
  }

  /**
   * `<table>_select_column`, or null when the role may read no column: Hasura then has no such
   * enum, and leaves out what would take it (`distinct_on`, `count(columns:)`, the aggregate
   * predicates in bool_exps).
   */
  selectColumnEnum(t: Table): GraphQLEnumType | null {
    const cols = this.selectable(t);
    if (!cols.length) return null;
    return this.once(`selcol:${t.key}`, () => new GraphQLEnumType({
      name: `${t.gqlName}_select_column`,
      description: `select columns of table "${t.name}"`,
      values: Object.fromEntries(cols.map((c) => [c.gqlName, { value: c.gqlName, description: 'column name' }])),
    }));
  }

  private aggColumns(t: Table, op: string): Column[] {
    const cols = this.selectable(t).filter((c) => !c.isArray);
    if (op === 'max' || op === 'min') return cols.filter((c) => c.numeric || c.text || ['date', 'timestamp', 'timestamptz', 'time', 'timetz', 'citext', 'uuid'].includes(c.scalar) || c.scalar === 'String');
    return cols.filter((c) => c.numeric);
  }

  aggregateType(t: Table): GraphQLObjectType {
    return this.once(`agg:${t.key}`, () => new GraphQLObjectType({
      name: `${t.gqlName}_aggregate`,
      description: `aggregated selection of "${t.name}"`,
      fields: () => ({
        aggregate: withInfo({ type: this.aggregateFields(t) }, { kind: 'agg_aggregate' }),
        nodes: withInfo({ type: list(this.objectType(t)) }, { kind: 'agg_nodes' }),
      }),
    }));
  }

  private aggregateFields(t: Table): GraphQLObjectType {
    return this.once(`aggf:${t.key}`, () => new GraphQLObjectType({
      name: `${t.gqlName}_aggregate_fields`,
      description: `aggregate fields of "${t.name}"`,
      fields: () => {
        const columns = this.selectColumnEnum(t);
        const f: GraphQLFieldConfigMap<unknown, unknown> = {
          count: withInfo({
            type: new GraphQLNonNull(GraphQLInt),
            args: { ...(columns ? { columns: { type: new GraphQLList(new GraphQLNonNull(columns)) } } : {}), distinct: { type: GraphQLBoolean } },
          }, { kind: 'agg_count' }),
        };
        for (const op of AGG_OPS) {
          const cols = this.aggColumns(t, op);
          if (!cols.length) continue;
          const type = this.once(`aggop:${t.key}:${op}`, () => new GraphQLObjectType({
            name: `${t.gqlName}_${op}_fields`,
            description: `aggregate ${op} on columns`,
            fields: Object.fromEntries(cols.map((c) => [c.gqlName, withInfo({
              type: op === 'max' || op === 'min' || op === 'sum' ? this.s.scalar(c.scalar) : GraphQLFloat,
            }, { kind: 'agg_col', column: c })])),
          }));
          f[op] = withInfo({ type }, { kind: 'agg_op', op });
        }
        return f;
      },
    }));
  }

  // ---- mutations ----

  private mutationFields(): GraphQLFieldConfigMap<unknown, unknown> {
    const fields: GraphQLFieldConfigMap<unknown, unknown> = {};
    for (const t of this.model.tables.values()) {
      // A view takes the mutations Postgres allows on it (Hasura's isMutable per mutation kind).
      const canSel = this.canSelect(t);
      const ins = t.mutable.insert && insertPerm(t, this.role, this.backendOnly);
      if (ins) {
        const onConflict = this.onConflict(t);
        const args: GraphQLFieldConfigArgumentMap = { objects: { type: nonNullList(this.insertInput(t)), description: 'the rows to be inserted' } };
        if (onConflict) args.on_conflict = { type: onConflict, description: 'upsert condition' };
        fields[t.roots.insert] = withInfo({ type: this.mutationResponse(t), args, description: t.rootDescriptions.insert }, { kind: 'root', root: 'insert', table: t });
        if (canSel) {
          const oneArgs: GraphQLFieldConfigArgumentMap = { object: { type: new GraphQLNonNull(this.insertInput(t)), description: 'the row to be inserted' } };
          if (onConflict) oneArgs.on_conflict = { type: onConflict, description: 'upsert condition' };
          fields[t.roots.insert_one] = withInfo({ type: this.objectType(t), args: oneArgs, description: t.rootDescriptions.insert_one }, { kind: 'root', root: 'insert_one', table: t });
        }
      }
      const upd = t.mutable.update && updatePerm(t, this.role, this.backendOnly);
      if (upd && canSel) {
        const ops = this.updateOps(t);
        fields[t.roots.update] = withInfo({ type: this.mutationResponse(t), args: { ...ops, where: { type: new GraphQLNonNull(this.boolExp(t)), description: 'filter the rows which have to be updated' } }, description: t.rootDescriptions.update }, { kind: 'root', root: 'update', table: t });
        const pk = this.pkColumns(t);
        if (pk) {
          fields[t.roots.update_by_pk] = withInfo({ type: this.objectType(t), args: { ...ops, pk_columns: { type: new GraphQLNonNull(this.pkColumnsInput(t, pk)) } }, description: t.rootDescriptions.update_by_pk }, { kind: 'root', root: 'update_by_pk', table: t });
        }
        fields[t.roots.update_many] = withInfo({ type: new GraphQLList(this.mutationResponse(t)), args: { updates: { type: nonNullList(this.updatesInput(t, ops)), description: 'updates to execute, in order' } }, description: t.rootDescriptions.update_many }, { kind: 'root', root: 'update_many', table: t });
      }
      const del = t.mutable.delete && deletePerm(t, this.role, this.backendOnly);
      if (del && canSel) {
        fields[t.roots.delete] = withInfo({ type: this.mutationResponse(t), args: { where: { type: new GraphQLNonNull(this.boolExp(t)), description: 'filter the rows which have to be deleted' } }, description: t.rootDescriptions.delete }, { kind: 'root', root: 'delete', table: t });
        const pk = this.pkColumns(t);
        if (pk) fields[t.roots.delete_by_pk] = withInfo({ type: this.objectType(t), args: this.pkArgs(pk), description: t.rootDescriptions.delete_by_pk }, { kind: 'root', root: 'delete_by_pk', table: t });
      }
    }
    for (const fn of this.model.functions) if (fn.exposedAs === 'mutation') this.addFunctionFields(fields, fn);
    return fields;
  }

  private mutationResponse(t: Table): GraphQLObjectType {
    return this.once(`mutresp:${t.key}`, () => new GraphQLObjectType({
      name: `${t.gqlName}_mutation_response`,
      description: `response of any mutation on the table "${t.name}"`,
      fields: () => {
        const f: GraphQLFieldConfigMap<unknown, unknown> = {
          affected_rows: withInfo({ type: new GraphQLNonNull(GraphQLInt), description: 'number of rows affected by the mutation' }, { kind: 'affected_rows' }),
        };
        if (this.canSelect(t)) f.returning = withInfo({ type: list(this.objectType(t)), description: 'data from the rows affected by the mutation' }, { kind: 'returning' });
        return f;
      },
    }));
  }

  insertInput(t: Table): GraphQLInputObjectType {
    return this.once(`ins:${t.key}`, () => new GraphQLInputObjectType({
      name: `${t.gqlName}_insert_input`,
      description: `input type for inserting data into table "${t.name}"`,
      fields: () => {
        const perm = insertPerm(t, this.role, this.backendOnly);
        const f: GraphQLInputFieldConfigMap = {};
        if (!perm) return f;
        for (const c of t.columns) {
          if (!perm.columns.has(c.name) || c.name in perm.set || c.generated) continue;
          f[c.gqlName] = { type: this.s.scalar(c.scalar), extensions: COLUMN_VALUE };
        }
        for (const rel of t.relationships.values()) {
          const remote = this.table(rel.remoteKey);
          // As Hasura, a relationship to a view is offered whether or not Postgres can insert
          // into it (a view that cannot refuses the insert with its own error).
          if (!remote || !insertPerm(remote, this.role, this.backendOnly)) continue;
          f[rel.name] = { type: rel.kind === 'object' ? this.objRelInsert(remote) : this.arrRelInsert(remote) };
        }
        if (!Object.keys(f).length) f._PLACEHOLDER = { type: GraphQLString };
        return f;
      },
    }));
  }

  private objRelInsert(t: Table): GraphQLInputObjectType {
    return this.once(`objins:${t.key}`, () => new GraphQLInputObjectType({
      name: `${t.gqlName}_obj_rel_insert_input`,
      description: `input type for inserting object relation for remote table "${t.name}"`,
      fields: () => {
        const f: GraphQLInputFieldConfigMap = { data: { type: new GraphQLNonNull(this.insertInput(t)) } };
        const oc = this.onConflict(t);
        if (oc) f.on_conflict = { type: oc, description: 'upsert condition' };
        return f;
      },
    }));
  }

  private arrRelInsert(t: Table): GraphQLInputObjectType {
    return this.once(`arrins:${t.key}`, () => new GraphQLInputObjectType({
      name: `${t.gqlName}_arr_rel_insert_input`,
      description: `input type for inserting array relation for remote table "${t.name}"`,
      fields: () => {
        const f: GraphQLInputFieldConfigMap = { data: { type: nonNullList(this.insertInput(t)) } };
        const oc = this.onConflict(t);
        if (oc) f.on_conflict = { type: oc, description: 'upsert condition' };
        return f;
      },
    }));
  }

  /**
   * on_conflict exists whenever the table has a unique or primary key constraint (Hasura's
   * onConflictFieldParser): without an update permission only `update_columns: []`, i.e. DO
   * NOTHING, can be asked for; updating needs update permission on the named columns.
   */
  private onConflict(t: Table): GraphQLInputObjectType | null {
    if (!t.constraints.length) return null;
    return this.once(`onconf:${t.key}`, () => new GraphQLInputObjectType({
      name: `${t.gqlName}_on_conflict`,
      description: `on_conflict condition type for table "${t.name}"`,
      fields: () => ({
        constraint: { type: new GraphQLNonNull(this.constraintEnum(t)) },
        update_columns: { type: nonNullList(this.updateColumnEnum(t)), defaultValue: [] },
        where: { type: this.boolExp(t) },
      }),
    }));
  }

  private constraintEnum(t: Table): GraphQLEnumType {
    return this.once(`constr:${t.key}`, () => new GraphQLEnumType({
      name: `${t.gqlName}_constraint`,
      description: `unique or primary key constraints on table "${t.name}"`,
      values: Object.fromEntries(t.constraints.map((c) => [c.name, { value: c.name, description: `unique or primary key constraint on columns ${c.columns.map((x) => `"${x}"`).join(', ')}` }])),
    }));
  }

  private updateColumnEnum(t: Table): GraphQLEnumType {
    return this.once(`updcol:${t.key}`, () => {
      const perm = updatePerm(t, this.role, this.backendOnly);
      const cols = t.columns.filter((c) => perm?.columns.has(c.name) && !(c.name in (perm?.set ?? {})));
      return new GraphQLEnumType({
        name: `${t.gqlName}_update_column`,
        description: `update columns of table "${t.name}"`,
        values: cols.length ? Object.fromEntries(cols.map((c) => [c.gqlName, { value: c.gqlName, description: 'column name' }])) : { _PLACEHOLDER: { value: '_PLACEHOLDER', description: 'placeholder (do not use)' } },
      });
    });
  }

  private updateOps(t: Table): GraphQLFieldConfigArgumentMap {
    const perm = updatePerm(t, this.role, this.backendOnly);
    const cols = t.columns.filter((c) => perm?.columns.has(c.name) && !(c.name in (perm?.set ?? {})) && !c.generated);
    const args: GraphQLFieldConfigArgumentMap = {};
    const input = (suffix: string, desc: string, pick: (c: Column) => boolean, type: (c: Column) => GraphQLInputType) => {
      const chosen = cols.filter(pick);
      if (!chosen.length) return;
      args[`_${suffix}`] = {
        type: this.once(`upd:${t.key}:${suffix}`, () => new GraphQLInputObjectType({
          name: `${t.gqlName}_${suffix}_input`,
          description: desc,
          fields: Object.fromEntries(chosen.map((c) => [c.gqlName, { type: type(c), extensions: COLUMN_VALUE }])),
        })),
      };
    };
    input('append', 'append existing jsonb value of filtered columns with new jsonb value', (c) => c.jsonb, (c) => this.s.scalar(c.scalar));
    input('delete_at_path', 'delete the field or element with specified path (for JSON arrays, negative integers count from the end)', (c) => c.jsonb, () => new GraphQLList(new GraphQLNonNull(GraphQLString)));
    input('delete_elem', 'delete the array element with specified index (negative integers count from the end). throws an error if top level container is not an array', (c) => c.jsonb, () => GraphQLInt);
    input('delete_key', 'delete key/value pair or string element. key/value pairs are matched based on their key value', (c) => c.jsonb, () => GraphQLString);
    input('inc', 'input type for incrementing numeric columns in table', (c) => c.numeric, (c) => this.s.scalar(c.scalar));
    input('prepend', 'prepend existing jsonb value of filtered columns with new jsonb value', (c) => c.jsonb, (c) => this.s.scalar(c.scalar));
    input('set', 'input type for updating data in table', () => true, (c) => this.s.scalar(c.scalar));
    return args;
  }

  private pkColumnsInput(t: Table, pk: Column[]): GraphQLInputObjectType {
    return this.once(`pkin:${t.key}`, () => new GraphQLInputObjectType({
      name: `${t.gqlName}_pk_columns_input`,
      description: `primary key columns input for table: ${t.name}`,
      fields: Object.fromEntries(pk.map((c) => [c.gqlName, { type: new GraphQLNonNull(this.s.scalar(c.scalar)), extensions: COLUMN_VALUE }])),
    }));
  }

  private updatesInput(t: Table, ops: GraphQLFieldConfigArgumentMap): GraphQLInputObjectType {
    return this.once(`updates:${t.key}`, () => new GraphQLInputObjectType({
      name: `${t.gqlName}_updates`,
      fields: () => ({ ...Object.fromEntries(Object.entries(ops).map(([k, v]) => [k, { type: v.type, description: v.description }])), where: { type: new GraphQLNonNull(this.boolExp(t)), description: 'filter the rows which have to be updated' } }),
    }));
  }
}
