// File metadata through the GraphQL engine, exactly as hasura-storage talks to Hasura: the
// caller's headers are replayed so storage.files permissions decide (insertFile, file,
// updateFile, deleteFile); bookkeeping after an upload runs with the admin secret.
import type { Db } from '../db';
import type { GraphqlEngine, Headers, HasuraError } from '../context';
import { StorageError } from './errors';

export interface FileMetadata {
  id: string;
  name: string;
  size: number;
  bucketId: string;
  etag: string | null;
  createdAt: string;
  updatedAt: string;
  isUploaded: boolean;
  mimeType: string;
  uploadedByUserId: string | null;
  metadata: unknown;
}

export interface Bucket {
  id: string;
  downloadExpiration: number;
  minUploadFileSize: number;
  maxUploadFileSize: number;
  cacheControl: string | null;
  presignedUrlsEnabled: boolean;
  /** Staydesk addition: optional storage.buckets.allowed_mime_types (text[]), e.g. {image/*,application/pdf}. */
  allowedMimeTypes: string[] | null;
}

const FILE_FIELDS = 'id name size bucketId etag createdAt updatedAt isUploaded mimeType uploadedByUserId metadata';

/** Only what identifies the caller travels to the engine. */
export function callerHeaders(headers: Record<string, string | string[] | undefined>): Headers {
  const out: Headers = {};
  for (const [name, value] of Object.entries(headers)) {
    const n = name.toLowerCase();
    if (n === 'authorization' || n.startsWith('x-hasura-')) out[n] = Array.isArray(value) ? value[0] : value;
  }
  return out;
}

/**
 * hasura-storage's mapping of Hasura error codes to HTTP statuses. One addition: a token Hasura
 * refuses (expired, tampered, malformed) is a 401 with its reason, where the reference would
 * fall through to 500; a client that sends a stale token should hear so, not "server error".
 */
export function statusForGraphqlError(err: HasuraError): number {
  const code = err.extensions?.code;
  if (['invalid-jwt', 'jwt-invalid-claims', 'jwt-missing-role-claims', 'invalid-headers'].includes(code)) return 401;
  if (code === 'access-denied' || code === 'validation-failed' || code === 'permission-error') return 403;
  if (code === 'data-exception' || code === 'constraint-violation') return 400;
  return 500;
}

export class FileMetadataStore {
  private readonly admin: Headers;

  constructor(
    private readonly engine: GraphqlEngine,
    private readonly db: Db,
    adminSecret: string,
  ) {
    this.admin = { 'x-hasura-admin-secret': adminSecret };
  }

  private async run<T>(query: string, variables: Record<string, unknown>, headers: Headers, field: string): Promise<T> {
    const result = await this.engine.execute({ query, variables }, headers);
    if (result.errors?.length) {
      const first = result.errors[0];
      const status = statusForGraphqlError(first);
      const message = status === 403 ? 'you are not authorized' : status === 400 || status === 401 ? first.message : 'internal server error';
      throw new StorageError(status, message);
    }
    return (result.data as Record<string, T>)[field];
  }

  insertFile(object: { id: string; name: string; size: number; bucketId: string; mimeType: string }, headers: Headers): Promise<{ id: string } | null> {
    return this.run('mutation InsertFile($object: files_insert_input!) { insertFile(object: $object) { id } }', { object }, headers, 'insertFile');
  }

  getFile(id: string, headers: Headers): Promise<FileMetadata | null> {
    return this.run(`query GetFile($id: uuid!) { file(id: $id) { ${FILE_FIELDS} } }`, { id }, headers, 'file');
  }

  /** Runs as the caller (replace: update permission decides) or as admin (bookkeeping). */
  updateFile(id: string, set: Record<string, unknown>, headers: Headers | 'admin'): Promise<FileMetadata | null> {
    return this.run(
      `mutation UpdateFile($id: uuid!, $set: files_set_input!) { updateFile(pk_columns: { id: $id }, _set: $set) { ${FILE_FIELDS} } }`,
      { id, set },
      headers === 'admin' ? this.admin : headers,
      'updateFile',
    );
  }

  deleteFile(id: string, headers: Headers | 'admin'): Promise<{ id: string } | null> {
    return this.run('mutation DeleteFile($id: uuid!) { deleteFile(id: $id) { id } }', { id }, headers === 'admin' ? this.admin : headers, 'deleteFile');
  }

  getFileAsAdmin(id: string): Promise<FileMetadata | null> {
    return this.getFile(id, this.admin);
  }

  /**
   * Bucket settings with admin rights, read straight from storage.buckets so the optional Staydesk
   * column (allowed_mime_types) works whether or not a project tracks it in its metadata.
   */
  async getBucket(id: string): Promise<Bucket | null> {
    const r = await this.db.query<{ b: Record<string, unknown> }>('SELECT to_jsonb(b) AS b FROM storage.buckets b WHERE id = $1', [id]);
    const row = r.rows[0]?.b;
    if (!row) return null;
    const allowed = row.allowed_mime_types;
    return {
      id: String(row.id),
      downloadExpiration: Number(row.download_expiration),
      minUploadFileSize: Number(row.min_upload_file_size),
      maxUploadFileSize: Number(row.max_upload_file_size),
      cacheControl: (row.cache_control as string | null) ?? null,
      presignedUrlsEnabled: Boolean(row.presigned_urls_enabled),
      allowedMimeTypes: Array.isArray(allowed) ? allowed.map(String) : null,
    };
  }

  /** The largest file any bucket accepts: an upload stream is cut off beyond it. */
  async largestUploadSize(): Promise<number> {
    const r = await this.db.query<{ max: number | null }>('SELECT max(max_upload_file_size)::int AS max FROM storage.buckets');
    return r.rows[0]?.max ?? 50_000_000;
  }
}
