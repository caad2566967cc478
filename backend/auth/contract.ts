// Request validation against hasura-auth's own OpenAPI document (openapi.yaml beside this file,
// copied unchanged from nhost/hasura-auth docs/openapi.yaml). hasura-auth runs every request
// through kin-openapi's validator before any handler: unknown or mistyped body properties, a
// missing body, a ticket without its prefix, a refresh token that is not a UUID, a missing or
// bad Bearer token all end there as 400. Here express-openapi-validator does the same job, so a
// contract change is a file update, not new hand-written checks.
import path from 'node:path';
import express, { type Request, type RequestHandler } from 'express';
import YAML from 'yaml';
import { parseYamlCached } from '../yamlCache';
import { lazy } from '../lazy';

export const OPENAPI_PATH = path.join(__dirname, 'openapi.yaml');

/** Verifies the Bearer token of a request and remembers its caller; false or a throw refuses it. */
export type BearerCheck = (req: Request, elevated: boolean) => Promise<boolean>;

export function loadContract(): Record<string, unknown> {
  const doc = parseYamlCached(OPENAPI_PATH, 'openapi-v1', (text) => YAML.parse(text)) as Record<string, unknown>;
  // Paths are matched relative to where the router is mounted (/v1/auth), not the cloud host.
  doc.servers = [{ url: '/' }];
  return toJsPatterns(doc) as Record<string, unknown>;
}

/**
 * The document's patterns are Go (RE2) regular expressions, where any punctuation may be escaped
 * (`^passwordReset\:.*$`). JavaScript's unicode mode, needed for `\p{L}`, refuses escapes of
 * characters that are not regex syntax, so those lose their needless backslash.
 */
function toJsPatterns(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(toJsPatterns);
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) {
    out[k] = k === 'pattern' && typeof v === 'string' ? v.replace(/\\([^\w\s\\^$.*+?()[\]{}|/-])/g, '$1') : toJsPatterns(v);
  }
  return out;
}

/**
 * The contract's validation as one middleware, made on the first request it sees: loading the
 * validator and compiling the document cost a start ~0.5 s of CPU, which starts that serve no
 * auth request (restarts, tests and tools talking GraphQL only) do not need. It is made once per
 * process and shared by every backend in it (test files start several, one after another, in one
 * worker): what differs between backends, the Bearer check, travels with the request.
 */
export function contractValidator(bearer: BearerCheck): RequestHandler {
  return (req, res, next) => {
    bearerOf.set(req, bearer);
    sharedChain().then((chain) => {
      pathParamsFor(req.app, chain.pathParams);
      chain.router(req, res, next);
    }, next);
  };
}

const bearerOf = new WeakMap<Request, BearerCheck>();
// A load that failed (a full file table) is tried again by the next request: kept, it failed every
// auth request of the process, sign-in included, until a restart.
const sharedChain = lazy(validatorChain, { what: 'the auth contract check' });

/** The request's backend's check; a request that did not come through contractValidator is refused. */
function bearerCheck(req: Request, elevated: boolean): Promise<boolean> {
  const check = bearerOf.get(req);
  return check ? check(req, elevated) : Promise.resolve(false);
}

/**
 * express-openapi-validator puts `app.param` handlers for the document's path parameters on the
 * app of the first request it sees (and only that one: it expects one validator per app). With the
 * validator shared, every other app gets the same handlers here, so each backend's requests are
 * handled as if it had its own validator.
 */
const appsWithParams = new WeakSet<object>();
let firstApp = true;
function pathParamsFor(app: express.Application, names: string[]): void {
  if (appsWithParams.has(app)) return;
  appsWithParams.add(app);
  if (firstApp) {
    firstApp = false; // the validator installs its own on this one
    return;
  }
  for (const name of names) {
    app.param(name, (req, _res, next, _value, param: string) => {
      const pathParams = (req as Request & { openapi?: { pathParams?: Record<string, string> } }).openapi?.pathParams;
      if (pathParams) req.params[param] = pathParams[param] || req.params[param];
      next();
    });
  }
}

async function validatorChain(): Promise<{ router: express.Router; pathParams: string[] }> {
  const OpenApiValidator = await import('express-openapi-validator');
  const apiSpec = loadContract();
  const router = express.Router();
  router.use(OpenApiValidator.middleware({
    apiSpec: apiSpec as never,
    // kin-openapi ignores query parameters it does not know (the SDK adds its own to /verify links).
    validateRequests: { allowUnknownQueryParameters: true, coerceTypes: false, removeAdditional: false },
    validateResponses: false,
    validateFormats: true,
    // URLEncodedBase64 is declared `format: byte` but described, and sent by every WebAuthn
    // client, as base64url: both alphabets, padding optional.
    formats: { byte: { type: 'string', validate: (v: string) => /^[A-Za-z0-9+/_-]*={0,2}$/.test(v) } },
    validateSecurity: {
      handlers: {
        BearerAuth: (req) => bearerCheck(req, false),
        BearerAuthElevated: (req) => bearerCheck(req, true),
      },
    },
    // Routes outside the document (none today) fall through to the service's own 404.
    ignoreUndocumented: true,
    useRequestUrl: true,
  }) as RequestHandler[]);
  const paths = Object.keys((apiSpec.paths ?? {}) as Record<string, unknown>);
  const pathParams = [...new Set(paths.flatMap((p) => [...p.matchAll(/\{([^}]+)\}/g)].map((m) => m[1])))];
  return { router, pathParams };
}
