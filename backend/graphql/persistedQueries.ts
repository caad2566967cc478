// Automatic persisted queries (Apollo's `extensions.persistedQuery`), answered as Hasura CE
// answers them, which is what Nhost Cloud runs: a POST body carrying the extension is never run,
// even with its `query` text (server/src-lib/Hasura/App.hs, `runPersistedQueriesPostHandler`:
// `throw400 NotSupported "PersistedQueryNotSupported"`, sent with HTTP 200 like every GraphQL
// error), and so is every GET on /v1/graphql (`runPersistedQueriesGetHandler`). A client that
// sends the hash alone must learn that the server keeps no queries, not get another query's data.
// Hasura reads the body as a persisted-query request whenever `extensions` has the key
// `persistedQuery` (Server/Types.hs, `ExtQueryReqs`); if that object lacks `version` or
// `sha256Hash` the body fails to parse (parse-failed) before anything else; those texts follow
// aeson's wording, read from its parsers rather than from a running Hasura.

const error = (code: string, message: string, path: string) => JSON.stringify({ errors: [{ message, extensions: { path, code } }] });

/** The answer to any persisted-query request (POST with the extension, or GET). */
export const PERSISTED_QUERY_NOT_SUPPORTED = error('not-supported', 'PersistedQueryNotSupported', '$');

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** aeson's words for a value of the wrong JSON type, as Hasura's parse errors carry them. */
function encountered(v: unknown): string {
  if (v === null) return 'Null';
  if (Array.isArray(v)) return 'Array';
  if (typeof v === 'string') return 'String';
  if (typeof v === 'number') return 'Number';
  if (typeof v === 'boolean') return 'Boolean';
  return 'Object';
}

/**
 * For a single-operation body: the JSON text to answer when it is a persisted-query request
 * (refused, or unreadable), or null when it is an ordinary request to run.
 */
export function persistedQueryAnswer(body: Record<string, unknown>): string | null {
  const ext = body.extensions;
  if (!isObject(ext) || !Object.hasOwn(ext, 'persistedQuery')) return null;
  const pq = ext.persistedQuery;
  const path = '$.extensions.persistedQuery';
  if (!isObject(pq)) return error('parse-failed', `parsing PersistedQueryRequest failed, expected Object, but encountered ${encountered(pq)}`, '$.extensions');
  if (!Object.hasOwn(pq, 'version')) return error('parse-failed', 'key "version" not found', path);
  if (typeof pq.version !== 'number') return error('parse-failed', `parsing Int failed, expected Number, but encountered ${encountered(pq.version)}`, `${path}.version`);
  if (!Number.isInteger(pq.version)) return error('parse-failed', `parsing Int failed, unexpected floating number ${pq.version}`, `${path}.version`);
  if (!Object.hasOwn(pq, 'sha256Hash')) return error('parse-failed', 'key "sha256Hash" not found', path);
  if (typeof pq.sha256Hash !== 'string') return error('parse-failed', `parsing Text failed, expected String, but encountered ${encountered(pq.sha256Hash)}`, `${path}.sha256Hash`);
  return PERSISTED_QUERY_NOT_SUPPORTED;
}
