// POST /v1/graphql: reads the body (size-limited), resolves the session from the headers and
// answers with the JSON text the executor built; a JSON array body is a batch.
import express from 'express';
import type { Executor } from './execute';
import { lowerCaseHeaders } from './session';
import type { AuthResult, GraphqlRequest, Headers } from './types';

export const MAX_BODY_BYTES = 5 * 1024 * 1024;

const errorBody = (code: string, message: string, path = '$') => JSON.stringify({ errors: [{ message, extensions: { path, code } }] });

export function graphqlRouter(executor: Executor, authenticate: (h: Headers) => Promise<AuthResult>): express.Router {
  const router = express.Router();
  router.post('/', express.text({ type: () => true, limit: MAX_BODY_BYTES }), async (req, res) => {
    res.type('application/json');
    let body: unknown;
    try {
      body = JSON.parse(typeof req.body === 'string' ? req.body : '');
    } catch {
      res.status(400).send(errorBody('invalid-json', 'Error in $: Failed reading: not a valid json value'));
      return;
    }
    const auth = await authenticate(lowerCaseHeaders(req.headers));
    if (!auth.ok) {
      res.status(200).send(JSON.stringify({ errors: [auth.error] }));
      return;
    }
    if (Array.isArray(body)) {
      const out: string[] = [];
      for (const item of body) out.push(await executor.run(auth.session, item as GraphqlRequest));
      res.send(`[${out.join(',')}]`);
      return;
    }
    if (!body || typeof body !== 'object') {
      res.status(200).send(errorBody('parse-failed', 'the request body must be a JSON object or an array of objects'));
      return;
    }
    res.send(await executor.run(auth.session, body as GraphqlRequest));
  });
  router.all('/', (_req, res) => {
    res.status(405).type('application/json').send(errorBody('method-not-allowed', 'only POST requests are supported on /v1/graphql'));
  });
  // Body too large or unreadable: a Hasura-shaped error instead of the generic handler.
  router.use((err: unknown, _req: express.Request, res: express.Response, next: express.NextFunction) => {
    const e = err as { type?: string; status?: number };
    if (e?.type === 'entity.too.large') {
      res.status(413).type('application/json').send(errorBody('request-too-large', `request body is larger than ${MAX_BODY_BYTES} bytes`));
      return;
    }
    if (e?.status && e.status < 500) {
      res.status(400).type('application/json').send(errorBody('bad-request', 'could not read the request body'));
      return;
    }
    next(err);
  });
  return router;
}
