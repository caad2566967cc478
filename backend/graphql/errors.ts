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
    return { message: this.message, extensions: { path: this.path, code: this.code } };
  }
}

export const validationFailed = (message: string, path = '$') => new GqlError('validation-failed', message, path);

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
    if (e.message === UPDATE_CHECK_FAILED) return make('permission-error', `Check constraint violation. insert/update check constraint failed`);
    return make('constraint-violation', `Check constraint violation. ${e.message}`);
  }
  if (code.startsWith('23')) return make('constraint-violation', e.message);
  if (code === '22025' || code === '2201B') return make('bad-request', e.message);
  if (code.startsWith('22')) return make('data-exception', e.message);
  if (code === '42501') return make('permission-denied', e.message);
  if (code === 'P0001') return make('unexpected', e.message);
  return make('unexpected', 'database query error');
}
