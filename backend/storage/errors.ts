// hasura-storage's error shape: {error:{message, data?}} plus an X-Error header with the message.
import type { Response } from 'express';

export class StorageError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, data?: unknown) => new StorageError(400, message, data);
export const forbidden = (message = 'you are not authorized') => new StorageError(403, message);
export const notFound = (message = 'file not found') => new StorageError(404, message);

export function errorBody(err: StorageError): { error: { message: string; data?: unknown } } {
  return { error: err.data === undefined ? { message: err.message } : { message: err.message, data: err.data } };
}

/** Writes a StorageError as hasura-storage does; anything else becomes an opaque 500. */
export function sendError(res: Response, err: unknown, extra: Record<string, unknown> = {}): void {
  const e = err instanceof StorageError ? err : new StorageError(500, 'internal server error');
  if (res.headersSent) {
    res.end();
    return;
  }
  // Header values cannot carry newlines or non-latin1 characters.
  res.setHeader('X-Error', e.message.replace(/[^\x20-\x7e]/g, '?'));
  res.status(e.status).json({ ...extra, ...errorBody(e) });
}
