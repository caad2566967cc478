// Runs GraphQL requests for a session: parse (cached), walk against the role's schema, compile
// each root field to SQL and splice the JSON text Postgres returns into the response.
// Queries run as one statement; all mutation fields of a request share one transaction.
import {
  Kind, NoUnusedFragmentsRule, NoUnusedVariablesRule, execute as gqlExecute, parse, specifiedRules, validate,
  type ASTNode, type DocumentNode, type GraphQLSchema, type OperationDefinitionNode,
} from 'graphql';
import type { Db, Queryable } from '../db';
import { GqlError, toHasuraError, validationFailed } from './errors';
import type { Model } from './model';
import { collectOperation, pickOperation, type CollectedOperation, type Selected } from './request/collect';
import { CompileContext } from './compile/context';
import { aggregateQuery, byPkQuery, listQuery } from './compile/select';
import { compileDelete, compileInsert, compileUpdate, type MutationPlan } from './compile/mutation';
import { RoleSchemaBuilder } from './schema/build';
import { usesBackendOnly } from './session';
import type { EngineSession, GraphqlRequest, HasuraError, MultiplexedQuery, PrepareResult } from './types';
import { quoteIdent } from './model';
import { BoundedCache, tokenEstimate } from './boundedCache';

/** Parsed documents: at most this many, and this many tokens in all (~0.5 KB of syntax tree each). */
const DOC_CACHE_MAX = 1000;
const DOC_CACHE_TOKENS = 200_000;
/** Compiled SQL and validation verdicts: entries, and characters of keys and SQL in all. */
const SQL_CACHE_MAX = 1000;
const SQL_CACHE_CHARS = 32 * 1024 * 1024;
const VALIDATION_CACHE_MAX = 2000;
const VALIDATION_CACHE_CHARS = 16 * 1024 * 1024;

/**
 * graphql-js's rules of the GraphQL specification, but for two Hasura does not apply (unused
 * fragments and unused variables are accepted there, so a client valid on Nhost Cloud is valid here).
 */
const VALIDATION_RULES = specifiedRules.filter((r) => r !== NoUnusedFragmentsRule && r !== NoUnusedVariablesRule);

export interface ExecutorHooks {
  /** Record each mutation's session in its transaction (`hasura.user`), for the event triggers' payloads. */
  recordSession?: boolean;
  /** Called after a mutation committed (events may be waiting). */
  afterMutation?: () => void;
}

interface CompiledQuery {
  sql: string | null;
  params: unknown[];
  parts: { alias: string; text?: string; col?: string; introspect?: boolean }[];
}

/**
 * What an executor derives from its model alone. Kept with the model, so executors of a shared
 * model (modelCache.ts: engines started in one process on identical inputs) share them.
 */
interface ModelCaches {
  schemas: Map<string, GraphQLSchema>;
  docs: BoundedCache<DocumentNode>;
  compiled: BoundedCache<CompiledQuery>;
  /** First graphql-js validation error (or null) per role schema and document text. */
  validated: BoundedCache<string | null>;
}

const cachesOfModel = new WeakMap<Model, ModelCaches>();

function cachesOf(model: Model): ModelCaches {
  let caches = cachesOfModel.get(model);
  if (!caches) {
    caches = {
      schemas: new Map(),
      docs: new BoundedCache<DocumentNode>(DOC_CACHE_MAX, DOC_CACHE_TOKENS),
      compiled: new BoundedCache<CompiledQuery>(SQL_CACHE_MAX, SQL_CACHE_CHARS),
      validated: new BoundedCache<string | null>(VALIDATION_CACHE_MAX, VALIDATION_CACHE_CHARS),
    };
    cachesOfModel.set(model, caches);
  }
  return caches;
}

export class Executor {
  private schemas: Map<string, GraphQLSchema>;
  private docs: BoundedCache<DocumentNode>;
  private compiled: BoundedCache<CompiledQuery>;
  private validated: BoundedCache<string | null>;

  constructor(
    readonly model: Model,
    private db: Db,
    private readonly hooks: ExecutorHooks = {},
  ) {
    ({ schemas: this.schemas, docs: this.docs, compiled: this.compiled, validated: this.validated } = cachesOf(model));
  }

  schemaFor(role: string, backendOnly = false): GraphQLSchema {
    const key = `${role}\u0000${backendOnly}`;
    let s = this.schemas.get(key);
    if (!s) {
      s = new RoleSchemaBuilder(this.model, role, backendOnly).build();
      this.schemas.set(key, s);
    }
    return s;
  }

  private parseCached(query: unknown): DocumentNode {
    if (typeof query !== 'string') throw new GqlError('validation-failed', 'the "query" field must be a string', '$.query');
    let doc = this.docs.get(query);
    if (doc) return doc;
    try {
      doc = parse(query, { maxTokens: 200_000 });
    } catch {
      // Hasura's exact text (Transport/HTTP/Protocol.hs), without the parser's detail: clients
      // and tests match on it.
      throw new GqlError('validation-failed', 'not a valid graphql query', '$.query');
    }
    this.docs.set(query, doc, tokenEstimate(query));
    return doc;
  }

  private collect(session: EngineSession, req: GraphqlRequest): { op: CollectedOperation; schema: GraphQLSchema; doc: DocumentNode } {
    if (!req || typeof req !== 'object') throw new GqlError('invalid-json', 'the request body must be a JSON object');
    const doc = this.parseCached(req.query);
    const schema = this.schemaFor(session.role, usesBackendOnly(session));
    const opNode = pickOperation(doc, req.operationName);
    // The walk gives Hasura's messages for what it finds wrong; graphql-js then checks the whole
    // document against the specification's rules, so nothing the walk does not look at slips through.
    const op = collectOperation(schema, doc, opNode, req.variables);
    // The operation is part of the key: which literals the walk accepted depends on it.
    this.validate(schema, `${session.role}\u0000${usesBackendOnly(session)}\u0000${opNode.name?.value ?? ''}\u0000${req.query as string}`, doc, op.lenient);
    return { op, schema, doc };
  }

  private validate(schema: GraphQLSchema, key: string, doc: DocumentNode, lenient: ReadonlySet<ASTNode>): void {
    let error = this.validated.get(key);
    if (error === undefined) {
      // A literal the walk read by Hasura's rules (a string offset...) is not refused again here.
      const errors = validate(schema, doc, VALIDATION_RULES, { maxErrors: lenient.size + 1 })
        .filter((e) => !(e.nodes?.length === 1 && lenient.has(e.nodes[0])));
      // graphql-js stops documents that would take too long to check (its complexity budget).
      error = errors.length ? (errors[0].message === 'Validation aborted.' ? 'the query is too complex to validate' : errors[0].message) : null;
      this.validated.set(key, error, key.length);
    }
    if (error !== null) throw validationFailed(error);
  }

  private newCtx(session: EngineSession): CompileContext {
    return new CompileContext(this.model, session.role, session.variables, usesBackendOnly(session));
  }

  /** Runs one request; resolves to the JSON text of Hasura's response body. */
  async run(session: EngineSession, req: GraphqlRequest): Promise<string> {
    try {
      // A repeated query (same role, session values, document and variables) reuses its SQL.
      const key = typeof req?.query === 'string' ? JSON.stringify([session.role, session.isAdmin, session.variables, req.query, req.operationName ?? null, req.variables ?? null]) : '';
      const cached = key ? this.compiled.get(key) : undefined;
      if (cached) return await this.runCompiled(cached, {}, true);
      const { op, schema, doc } = this.collect(session, req);
      if (op.kind === 'subscription') throw new GqlError('unexpected-payload', 'subscriptions are not supported over HTTP, use websockets instead');
      if (op.kind === 'mutation') return await this.runMutation(session, op);
      const compiled = this.compileQuery(session, op);
      if (compiled.parts.some((p) => p.introspect)) return await this.runCompiled(compiled, this.introspect(schema, doc, op.operation, req));
      this.compiled.set(key, compiled, key.length + (compiled.sql?.length ?? 0));
      return await this.runCompiled(compiled, {}, true);
    } catch (e) {
      return JSON.stringify({ errors: [toHasuraError(e)] });
    }
  }

  private compileQuery(session: EngineSession, op: CollectedOperation): CompiledQuery {
    const ctx = this.newCtx(session);
    const cols: string[] = [];
    const parts: CompiledQuery['parts'] = [];
    for (const f of op.fields) {
      if (f.name === '__typename') parts.push({ alias: f.alias, text: JSON.stringify(f.parentType) });
      else if (f.name === '__schema' || f.name === '__type') parts.push({ alias: f.alias, introspect: true });
      else {
        const col = `f${cols.length}`;
        cols.push(`(${compileQueryField(ctx, f)})::text AS ${col}`);
        parts.push({ alias: f.alias, col });
      }
    }
    return { sql: cols.length ? `SELECT ${cols.join(', ')}` : null, params: ctx.params, parts };
  }

  /** Statements that will run again (cached queries, live queries) go through the driver's prepared path when it has one. */
  private runSql<R>(sql: string, params: unknown[], repeated: boolean) {
    return repeated && this.db.queryPrepared ? this.db.queryPrepared<R>(sql, params) : this.db.query<R>(sql, params);
  }

  private async runCompiled(c: CompiledQuery, intro: Record<string, unknown> = {}, repeated = false): Promise<string> {
    let row: Record<string, string | null> = {};
    if (c.sql) {
      try {
        const r = await this.runSql<Record<string, string | null>>(c.sql, c.params, repeated);
        row = r.rows[0] ?? {};
      } catch (e) {
        return JSON.stringify({ errors: [toHasuraError(e)] });
      }
    }
    const body = c.parts.map((p) => `${JSON.stringify(p.alias)}:${p.text ?? (p.col ? (row[p.col] ?? 'null') : JSON.stringify(intro[p.alias] ?? null))}`);
    return `{"data":{${body.join(',')}}}`;
  }

  private introspect(schema: GraphQLSchema, doc: DocumentNode, op: OperationDefinitionNode, req: GraphqlRequest): Record<string, unknown> {
    const selections = op.selectionSet.selections.filter((s) => s.kind === Kind.FIELD && (s.name.value === '__schema' || s.name.value === '__type'));
    const onlyIntro: OperationDefinitionNode = { ...op, selectionSet: { ...op.selectionSet, selections } };
    const document: DocumentNode = { ...doc, definitions: [onlyIntro, ...doc.definitions.filter((d) => d.kind === Kind.FRAGMENT_DEFINITION)] };
    const result = gqlExecute({ schema, document, variableValues: req.variables ?? {}, operationName: op.name?.value });
    if ('then' in result) throw new GqlError('unexpected', 'introspection must be synchronous');
    if (result.errors?.length) throw validationFailed(result.errors[0].message);
    return (result.data ?? {}) as Record<string, unknown>;
  }

  private async runMutation(session: EngineSession, op: CollectedOperation): Promise<string> {
    const env = { newCtx: () => this.newCtx(session) };
    const plans: { alias: string; plan?: MutationPlan; text?: string; path: string }[] = op.fields.map((f) => {
      if (f.name === '__typename') return { alias: f.alias, text: JSON.stringify(f.parentType), path: f.path };
      return { alias: f.alias, plan: compileMutationField(env, f), path: argPath(f) };
    });
    let current = '$';
    try {
      const texts = await this.db.transaction(async (tx: Queryable) => {
        const out: string[] = [];
        if (this.hooks.recordSession) await tx.query(`SELECT set_config('hasura.user', $1, true)`, [JSON.stringify(session.variables)]);
        for (const p of plans) {
          current = p.path;
          out.push(p.text ?? (await (p.plan as MutationPlan)(tx)));
        }
        return out;
      });
      this.hooks.afterMutation?.();
      return `{"data":{${plans.map((p, i) => `${JSON.stringify(p.alias)}:${texts[i]}`).join(',')}}}`;
    } catch (e) {
      return JSON.stringify({ errors: [toHasuraError(e, current)] });
    }
  }

  /** For subscriptions: validates once and returns a re-runnable query. */
  prepare(session: EngineSession, req: GraphqlRequest): PrepareResult {
    try {
      const { op } = this.collect(session, req);
      if (op.kind !== 'subscription') throw validationFailed('expected a subscription operation');
      if (op.fields.length !== 1) throw validationFailed('subscriptions must select one top level field');
      const f = op.fields[0];
      const ctx = this.newCtx(session);
      let sql: string;
      if (f.name === '__typename') sql = `SELECT ${quoteLiteral(JSON.stringify(f.parentType))} AS j`;
      else sql = `SELECT (${compileQueryField(ctx, f)})::text AS j`;
      const params = ctx.params;
      const usedSession = [...ctx.usedSession].sort().map((k) => [k, session.variables[k]]);
      const key = JSON.stringify([session.role, usesBackendOnly(session), req.query, req.operationName ?? null, req.variables ?? null, usedSession]);
      const alias = JSON.stringify(f.alias);
      return {
        ok: true,
        subscription: {
          key,
          run: async () => {
            const r = await this.runSql<{ j: string | null }>(sql, params, true);
            return `{${alias}:${r.rows[0]?.j ?? 'null'}}`;
          },
          multiplex: f.name === '__typename' ? undefined : this.multiplexed(session, f, alias, params),
        },
      };
    } catch (e) {
      return { ok: false, errors: [toHasuraError(e)] };
    }
  }

  /**
   * The field compiled once more with every bound value read from a row of a values table, so
   * subscriptions differing only in values (variables, session) run as one statement: one row per
   * value list, the field evaluated per row, as Hasura's multiplexed live queries do.
   */
  private multiplexed(session: EngineSession, f: Selected, alias: string, params: unknown[]): MultiplexedQuery | undefined {
    const ctx = new CompileContext(this.model, session.role, session.variables, usesBackendOnly(session), (n) => `("_subs"."v"->>${n - 1})`);
    const field = compileQueryField(ctx, f);
    // Compilation is deterministic; anything else means the two statements would not agree.
    if (ctx.params.length !== params.length) return undefined;
    const sql = `SELECT "_subs"."i" AS i, (${field})::text AS j FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS "_subs"("v", "i")`;
    const asText = (v: unknown) => (v === null || v === undefined || typeof v === 'string' ? (v ?? null) : String(v));
    return {
      group: JSON.stringify([alias, sql]),
      values: ctx.params.map(asText),
      runMany: async (lists) => {
        const r = await this.runSql<{ i: string | number; j: string | null }>(sql, [JSON.stringify(lists)], true);
        const out = lists.map(() => `{${alias}:null}`);
        for (const row of r.rows) out[Number(row.i) - 1] = `{${alias}:${row.j ?? 'null'}}`;
        return out;
      },
    };
  }

  /** Runs a request and returns the parsed body (for in-process callers). */
  async execute(session: EngineSession, req: GraphqlRequest): Promise<{ data?: unknown; errors?: HasuraError[] }> {
    return JSON.parse(await this.run(session, req)) as { data?: unknown; errors?: HasuraError[] };
  }
}

function quoteLiteral(s: string): string {
  return `'${s.replace(/'/g, "''")}'`;
}

function argPath(f: Selected): string {
  const info = f.info;
  if (info?.kind === 'root' && info.root === 'insert') return `${f.path}.args.objects`;
  if (info?.kind === 'root' && info.root === 'insert_one') return `${f.path}.args.object`;
  return f.path;
}

/** SQL expression (one scalar sub-select) yielding the JSON of one query root field. */
export function compileQueryField(ctx: CompileContext, f: Selected): string {
  const info = f.info;
  if (info?.kind === 'root') {
    const t = info.table;
    const a = ctx.alias();
    if (info.root === 'select') return listQuery(ctx, t, t.sql, a, f.args, f.fields, [], f.path);
    if (info.root === 'select_aggregate') return aggregateQuery(ctx, t, t.sql, a, f.args, f.fields, [], f.path);
    if (info.root === 'select_by_pk') return byPkQuery(ctx, t, a, f.args, f.fields);
  }
  if (info?.kind === 'function') {
    const { fn } = info;
    const fnArgs = (f.args.args ?? {}) as Record<string, unknown>;
    const call: string[] = [];
    for (const a of fn.args) if (a.name in fnArgs) call.push(`${quoteIdent(a.name)} => ${ctx.typed(fnArgs[a.name], a.sqlType)}`);
    if (fn.sessionArg) call.push(`${quoteIdent(fn.sessionArg)} => ${ctx.sessionJson()}`);
    const from = `${quoteIdent(fn.schema)}.${quoteIdent(fn.name)}(${call.join(', ')})`;
    const a = ctx.alias();
    if (info.aggregate) return aggregateQuery(ctx, info.table, from, a, f.args, f.fields, [], f.path);
    const rows = listQuery(ctx, info.table, from, a, f.args, f.fields, [], f.path);
    // A function returning one row (not SETOF) answers that row or null, still one statement.
    return fn.returnsSet ? rows : `SELECT (${rows})->0`;
  }
  throw validationFailed(`field "${f.name}" cannot be queried here`, f.path);
}

function compileMutationField(env: { newCtx(): CompileContext }, f: Selected): MutationPlan {
  const info = f.info;
  if (info?.kind === 'root') {
    const t = info.table;
    switch (info.root) {
      case 'insert': return compileInsert(env, t, f, false);
      case 'insert_one': return compileInsert(env, t, f, true);
      case 'update': case 'update_by_pk': case 'update_many': return compileUpdate(env, t, f, info.root);
      case 'delete': return compileDelete(env, t, f, false);
      case 'delete_by_pk': return compileDelete(env, t, f, true);
      default: break;
    }
  }
  if (info?.kind === 'function') {
    return async (q) => {
      const ctx = env.newCtx();
      const r = await q.query<{ j: string | null }>(`SELECT (${compileQueryField(ctx, f)})::text AS j`, ctx.params);
      return r.rows[0]?.j ?? 'null';
    };
  }
  throw validationFailed(`field "${f.name}" cannot be used in a mutation`, f.path);
}
