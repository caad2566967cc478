// Hasura-shaped errors: {message, extensions: {path, code}}, and how Postgres errors map onto them.
import type { HasuraError } from './types';
import { isPgError } from '../db';

/** An error raised while parsing, validating, compiling or running a request; becomes one `errors[]` entry. */
export class GqlError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly path = '$',
  ) {
    super(message);
  }
  toJSON(): HasuraError {
    return { message: worded(this.message), extensions: { path: this.path, code: this.code } };
  }
}

export const validationFailed = (message: string, path = '$') => new GqlError('validation-failed', message, path);

/** Hasura's words for a value that is not one of an enum's values. */
export const notAnEnumValue = (typeName: string, values: string[], found: string) =>
  `expected one of the values [${values.map((v) => `'${v}'`).join(', ')}] for type '${typeName}', but found '${found}'`;

/**
 * Which Hasura's wording errors use. `current` is what Hasura v2 answers today, as on Nhost Cloud
 * (`field 'x' not found in type: 'y'`, `missing session variable: "x"`, one text for a failed
 * insert or update check). `legacy` is the wording of the older Hasura the shared conformance kit
 * (../shared/conformance/hasura) was taken from; only its run selects it
 * (NHOST_GRAPHQL_MESSAGES=legacy). See backend/graphql/conformance/README.md, "Message wording".
 */
export type MessageDialect = 'current' | 'legacy';
let dialect: MessageDialect = 'current';
export function setMessageDialect(d: MessageDialect): void {
  dialect = d;
}
/** True while the older wording (the shared kit's Hasura version) is selected. */
export const legacyMessages = (): boolean => dialect === 'legacy';
export const messageDialect = (env: Record<string, string | undefined> = process.env): MessageDialect => (env.NHOST_GRAPHQL_MESSAGES === 'legacy' ? 'legacy' : 'current');

/** A message in the selected wording (messages are written in the current one). */
function worded(message: string): string {
  if (dialect === 'current') return message;
  return message
    .replace(/^field '([^']*)' not found in type: /, 'field "$1" not found in type: ')
    .replace(/^missing session variable: /, 'missing session variables: ');
}

/** Messages of the permission check raised through hdb_catalog.check_violation. */
export const INSERT_CHECK_FAILED = 'insert check constraint failed';
export const UPDATE_CHECK_FAILED = 'update check constraint failed';

/** Maps an error thrown by the database (or by the engine) to Hasura's error object. */
export function toHasuraError(e: unknown, path = '$'): HasuraError {
  if (e instanceof GqlError) return e.toJSON();
  if (isPgError(e)) return pgToHasura(e, path);
  return { message: 'unexpected error', extensions: { path, code: 'unexpected' } };
}

function pgToHasura(e: { code?: string; message: string }, path: string): HasuraError {
  const code = e.code ?? '';
  const make = (c: string, message: string): HasuraError => ({ message, extensions: { path, code: c } });
  if (code === '23505') return make('constraint-violation', `Uniqueness violation. ${e.message}`);
  if (code === '23503') return make('constraint-violation', `Foreign key violation. ${e.message}`);
  if (code === '23502') return make('constraint-violation', `Not-NULL violation. ${e.message}`);
  if (code === '23P01') return make('constraint-violation', `Exclusion violation. ${e.message}`);
  if (code === '23514') {
    if (e.message === INSERT_CHECK_FAILED) return make('permission-error', 'check constraint of an insert/update permission has failed');
    if (e.message === UPDATE_CHECK_FAILED) {
      return make('permission-error', dialect === 'legacy' ? 'Check constraint violation. insert/update check constraint failed' : 'check constraint of an insert/update permission has failed');
    }
    return make('constraint-violation', `Check constraint violation. ${e.message}`);
  }
  if (code.startsWith('23')) return make('constraint-violation', e.message);
  if (code === '22025' || code === '2201B') return make('bad-request', e.message);
  if (code.startsWith('22')) return make('data-exception', e.message);
  if (code === '42501') return make('permission-denied', e.message);
  if (code === 'P0001') return make('unexpected', e.message);
  return make('unexpected', 'database query error');
}
