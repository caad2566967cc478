// POST /v1/graphql: reads the body (size-limited), resolves the session from the headers and
// answers with the JSON text the executor built; a JSON array body is a batch. Persisted queries
// (a POST with `extensions.persistedQuery`, any GET) are refused as Hasura CE refuses them.
//
// Limits:
//   body size            MAX_BODY_BYTES (5 MiB): larger bodies answer 413 request-too-large.
//   GRAPHQL_MAX_BATCH_OPERATIONS (default 20): operations in one batch (JSON array body). A longer
//     batch answers 400 with one Hasura-shaped error (code bad-request) and runs none of them:
//     the whole request is refused before any work, like an oversized or unreadable body, and a
//     non-2xx status makes batching clients (Apollo BatchHttpLink) fail every operation of the
//     batch at once instead of looking for answers that are not there. Hasura itself has no cap;
//     the web app does not batch, and Apollo's BatchHttpLink sends at most 10 by default.
import type { IncomingMessage, ServerResponse } from 'node:http';
import express from 'express';
import type { Executor } from './execute';
import { PERSISTED_QUERY_NOT_SUPPORTED, persistedQueryAnswer } from './persistedQueries';
import { lowerCaseHeaders } from './session';
import type { AuthResult, GraphqlRequest, Headers } from './types';

export const MAX_BODY_BYTES = 5 * 1024 * 1024;
export const DEFAULT_MAX_BATCH_OPERATIONS = 20;

export interface GraphqlHttpOptions {
  /** Operations allowed in one batch; default env GRAPHQL_MAX_BATCH_OPERATIONS or 20. */
  maxBatchOperations?: number;
}

/** GRAPHQL_MAX_BATCH_OPERATIONS: a whole number of at least 1, else the default. */
export function maxBatchOperationsFromEnv(env: Record<string, string | undefined> = process.env): number {
  const n = Number(env.GRAPHQL_MAX_BATCH_OPERATIONS);
  return Number.isInteger(n) && n >= 1 ? n : DEFAULT_MAX_BATCH_OPERATIONS;
}

const errorBody = (code: string, message: string, path = '$') => JSON.stringify({ errors: [{ message, extensions: { path, code } }] });

/**
 * Writes the JSON text as it is: no ETag hashing or re-encoding of a body that is never cached
 * (headers set earlier, such as CORS, are kept).
 */
function sendJson(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

/**
 * The common request, an uncompressed UTF-8 JSON body of announced length within the limit, is
 * read here directly; anything else (compressed, chunked, other charsets, too large) goes through
 * express's text parser, which inflates, decodes and answers oversized bodies with 413.
 */
function isPlainBody(req: IncomingMessage): boolean {
  const length = Number(req.headers['content-length']);
  if (!Number.isInteger(length) || length > MAX_BODY_BYTES) return false;
  const encoding = req.headers['content-encoding'];
  if (encoding !== undefined && encoding.toLowerCase() !== 'identity') return false;
  const type = req.headers['content-type'];
  return type === undefined || /^application\/json\s*(;\s*charset=("?)utf-8\2\s*)?$/i.test(type);
}

const readPlainBody = (): express.RequestHandler => (req, _res, next) => {
  if (!isPlainBody(req)) {
    next();
    return;
  }
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    req.body = (chunks.length === 1 ? chunks[0] : Buffer.concat(chunks)).toString('utf8');
    next();
  });
  req.on('error', next);
};

export function graphqlRouter(
  executor: Pick<Executor, 'run'>,
  authenticate: (h: Headers) => Promise<AuthResult>,
  opts: GraphqlHttpOptions = {},
): express.Router {
  const maxBatch = opts.maxBatchOperations ?? maxBatchOperationsFromEnv();
  const router = express.Router();
  router.post('/', readPlainBody(), express.text({ type: () => true, limit: MAX_BODY_BYTES }), async (req, res) => {
    let body: unknown;
    try {
      body = JSON.parse(typeof req.body === 'string' ? req.body : '');
    } catch {
      sendJson(res, 400, errorBody('invalid-json', 'Error in $: Failed reading: not a valid json value'));
      return;
    }
    if (Array.isArray(body) && body.length > maxBatch) {
      sendJson(res, 400, errorBody('bad-request', `a batch may hold at most ${maxBatch} operations; this one has ${body.length}`));
      return;
    }
    const auth = await authenticate(lowerCaseHeaders(req.headers));
    if (!auth.ok) {
      sendJson(res, 200, JSON.stringify({ errors: [auth.error] }));
      return;
    }
    if (Array.isArray(body)) {
      const out: string[] = [];
      for (const item of body) out.push(await executor.run(auth.session, item as GraphqlRequest));
      sendJson(res, 200, `[${out.join(',')}]`);
      return;
    }
    if (!body || typeof body !== 'object') {
      sendJson(res, 200, errorBody('parse-failed', 'the request body must be a JSON object or an array of objects'));
      return;
    }
    sendJson(res, 200, persistedQueryAnswer(body as Record<string, unknown>) ?? await executor.run(auth.session, body as GraphqlRequest));
  });
  // Hasura serves GET only for persisted queries, which it (CE, Nhost Cloud) does not keep: after
  // the session is checked, as for a POST.
  router.get('/', async (req, res) => {
    const auth = await authenticate(lowerCaseHeaders(req.headers));
    sendJson(res, 200, auth.ok ? PERSISTED_QUERY_NOT_SUPPORTED : JSON.stringify({ errors: [auth.error] }));
  });
  router.all('/', (_req, res) => {
    sendJson(res, 405, errorBody('method-not-allowed', 'only GET and POST requests are supported on /v1/graphql'));
  });
  // Body too large or unreadable: a Hasura-shaped error instead of the generic handler.
  router.use((err: unknown, _req: express.Request, res: express.Response, next: express.NextFunction) => {
    const e = err as { type?: string; status?: number };
    if (e?.type === 'entity.too.large') {
      sendJson(res, 413, errorBody('request-too-large', `request body is larger than ${MAX_BODY_BYTES} bytes`));
      return;
    }
    if (e?.status && e.status < 500) {
      sendJson(res, 400, errorBody('bad-request', 'could not read the request body'));
      return;
    }
    next(err);
  });
  return router;
}
