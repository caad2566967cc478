// A tiny stand-in for the GraphQL engine core (SubscriptionDeps) for protocol tests: one table of
// notes visible to their owner, tokens "user:<id>", admin secret "secret". It counts runs so tests
// can see multiplexing, and can be told to fail.
import { parse, getOperationAST, Kind, type FieldNode } from 'graphql';
import type { AuthResult, EngineSession, GraphqlRequest, HasuraError, PrepareResult, SubscriptionDeps } from '../../types';

export interface Note {
  id: number;
  owner: string;
  title: string;
}

export interface FakeEngine extends SubscriptionDeps {
  notes: Note[];
  runs: number;
  /** While set, run() throws this. */
  failWith: unknown;
  /** Extra time each run takes. */
  runDelayMs: number;
  /** Extra time authentication takes. */
  authDelayMs: number;
  maxConcurrentRunsPerKey: number;
}

const validation = (message: string): HasuraError => ({ message, extensions: { path: '$', code: 'validation-failed' } });

export function createFakeEngine(): FakeEngine {
  const running = new Map<string, number>();
  const engine: FakeEngine = {
    notes: [
      { id: 1, owner: 'u1', title: 'first' },
      { id: 2, owner: 'u2', title: 'second' },
    ],
    runs: 0,
    failWith: undefined,
    runDelayMs: 0,
    authDelayMs: 0,
    maxConcurrentRunsPerKey: 0,

    async authenticate(headers): Promise<AuthResult> {
      if (engine.authDelayMs) await new Promise((r) => setTimeout(r, engine.authDelayMs));
      if (headers['x-hasura-admin-secret'] !== undefined) {
        if (headers['x-hasura-admin-secret'] !== 'secret') {
          return { ok: false, error: { message: 'invalid x-hasura-admin-secret/x-hasura-access-key', extensions: { path: '$', code: 'access-denied' } } };
        }
        return { ok: true, session: { role: headers['x-hasura-role'] ?? 'admin', variables: {}, isAdmin: true } };
      }
      const auth = headers.authorization;
      if (!auth) return { ok: true, session: { role: 'public', variables: {}, isAdmin: false } };
      const m = /^Bearer user:(\w+)$/.exec(auth);
      if (!m) return { ok: false, error: { message: 'Could not verify JWT: JWSError JWSInvalidSignature', extensions: { path: '$', code: 'invalid-jwt' } } };
      return { ok: true, session: { role: 'user', variables: { 'x-hasura-user-id': m[1] }, isAdmin: false } };
    },

    prepare(session, request): PrepareResult {
      const field = rootField(request);
      if (typeof field === 'string') return { ok: false, errors: [validation(field)] };
      if (field.name.value !== 'notes' || session.role === 'public') {
        return { ok: false, errors: [validation(`field '${field.name.value}' not found in type: 'subscription_root'`)] };
      }
      const userId = session.isAdmin ? '*' : (session.variables['x-hasura-user-id'] ?? '');
      const key = JSON.stringify([session.role, userId, request.query, request.variables ?? null]);
      return {
        ok: true,
        subscription: {
          key,
          run: async () => {
            const now = (running.get(key) ?? 0) + 1;
            running.set(key, now);
            engine.maxConcurrentRunsPerKey = Math.max(engine.maxConcurrentRunsPerKey, now);
            try {
              engine.runs += 1;
              if (engine.runDelayMs) await new Promise((r) => setTimeout(r, engine.runDelayMs));
              if (engine.failWith !== undefined) throw engine.failWith;
              return JSON.stringify({ [field.alias?.value ?? 'notes']: visible(engine.notes, userId) });
            } finally {
              running.set(key, (running.get(key) ?? 1) - 1);
            }
          },
        },
      };
    },

    async execute(session: EngineSession, request: GraphqlRequest) {
      const field = rootField(request);
      if (typeof field === 'string') return { errors: [validation(field)] };
      const userId = session.isAdmin ? '*' : (session.variables['x-hasura-user-id'] ?? '');
      if (field.name.value === 'notes') return { data: { notes: visible(engine.notes, userId) } };
      if (field.name.value === 'fail') {
        return { errors: [{ message: 'Uniqueness violation', extensions: { path: '$.selectionSet.fail', code: 'constraint-violation' } }] };
      }
      return { errors: [validation(`field '${field.name.value}' not found in type: 'query_root'`)] };
    },
  };
  return engine;
}

function visible(notes: Note[], userId: string): Note[] {
  return notes.filter((n) => userId === '*' || n.owner === userId).map((n) => ({ ...n }));
}

function rootField(request: GraphqlRequest): FieldNode | string {
  try {
    const op = getOperationAST(parse(request.query), request.operationName ?? undefined);
    if (!op) return 'no operation found';
    const fields = op.selectionSet.selections.filter((s): s is FieldNode => s.kind === Kind.FIELD);
    if (op.operation === 'subscription' && fields.length !== 1) return 'subscriptions must select one top level field';
    return fields[0] ?? 'empty selection';
  } catch (err) {
    return err instanceof Error ? err.message : 'parse failed';
  }
}
