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
 * auth request (restarts, tests and tools talking GraphQL only) do not need.
 */
export function contractValidator(bearer: BearerCheck): RequestHandler {
  let chain: Promise<express.Router> | undefined;
  return (req, res, next) => {
    chain ??= validatorChain(bearer);
    chain.then((router) => router(req, res, next), next);
  };
}

async function validatorChain(bearer: BearerCheck): Promise<express.Router> {
  const OpenApiValidator = await import('express-openapi-validator');
  const router = express.Router();
  router.use(OpenApiValidator.middleware({
    apiSpec: loadContract() as never,
    // kin-openapi ignores query parameters it does not know (the SDK adds its own to /verify links).
    validateRequests: { allowUnknownQueryParameters: true, coerceTypes: false, removeAdditional: false },
    validateResponses: false,
    validateFormats: true,
    // URLEncodedBase64 is declared `format: byte` but described, and sent by every WebAuthn
    // client, as base64url: both alphabets, padding optional.
    formats: { byte: { type: 'string', validate: (v: string) => /^[A-Za-z0-9+/_-]*={0,2}$/.test(v) } },
    validateSecurity: {
      handlers: {
        BearerAuth: (req) => bearer(req, false),
        BearerAuthElevated: (req) => bearer(req, true),
      },
    },
    // Routes outside the document (none today) fall through to the service's own 404.
    ignoreUndocumented: true,
    useRequestUrl: true,
  }) as RequestHandler[]);
  return router;
}
