// Where file bytes live. Only uuids name objects, so no client-supplied text ever becomes part
// of a path or key. Local disk by default (`<dataDir>/storage/files/<uuid>`); an S3-compatible
// bucket when S3_* is set (s3.ts). Temporary uploads and image variants always stay on local disk;
// variants (and local copies of S3 originals) live in a bounded cache folder (cache.ts).
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { FileCache, type CacheLimits } from './cache';

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface FileStore {
  /** Where multipart uploads are spooled before they are stored. */
  readonly tmpDir: string;
  init(): Promise<void>;
  /** Stores the spooled file under the id (the temporary file is consumed). */
  put(id: string, tmpPath: string, mimeType: string): Promise<void>;
  /** Size in bytes, or undefined when there is no such object. */
  size(id: string): Promise<number | undefined>;
  /** Bytes start..end (inclusive). */
  open(id: string, start: number, end: number): Promise<Readable>;
  /** A local file with the object's bytes (for sharp), kept until release(); `version` (the ETag) keys remote copies. */
  localPath(id: string, version: string): Promise<{ path: string; release(): void }>;
  delete(id: string): Promise<void>;
  /** The bounded cache of transformed image variants, files named `<id>-<key>` (variantPrefix). */
  readonly variants: FileCache;
}

/** Cache file names of one object's variants start with this. */
export function variantPrefix(id: string): string {
  return `${objectKey(id)}-`;
}

export function objectKey(id: string): string {
  if (!UUID.test(id)) throw new Error(`not a file id: ${id}`);
  return id.toLowerCase();
}

/** The local part every store shares: spool and variant cache folders. */
export abstract class LocalScratch {
  readonly tmpDir: string;
  readonly variants: FileCache;

  constructor(root: string, cacheLimits?: CacheLimits) {
    this.tmpDir = path.join(root, 'tmp');
    this.variants = new FileCache(path.join(root, 'cache'), cacheLimits);
  }

  protected async makeDirs(...extra: string[]): Promise<void> {
    // Spooled parts left by an interrupted run are garbage.
    await fs.promises.rm(this.tmpDir, { recursive: true, force: true });
    await Promise.all([this.tmpDir, ...extra].map((d) => fs.promises.mkdir(d, { recursive: true })));
    await this.variants.init();
  }

  protected async dropVariants(id: string): Promise<void> {
    await this.variants.dropPrefix(variantPrefix(id));
  }
}

export class LocalFileStore extends LocalScratch implements FileStore {
  readonly filesDir: string;

  constructor(root: string, cacheLimits?: CacheLimits) {
    super(root, cacheLimits);
    this.filesDir = path.join(root, 'files');
  }

  init(): Promise<void> {
    return this.makeDirs(this.filesDir);
  }

  private pathOf(id: string): string {
    return path.join(this.filesDir, objectKey(id));
  }

  /** A rename: atomic on the same disk, so a reader never sees half a file. */
  async put(id: string, tmpPath: string): Promise<void> {
    await fs.promises.rename(tmpPath, this.pathOf(id));
    await this.dropVariants(id);
  }

  async size(id: string): Promise<number | undefined> {
    const s = await fs.promises.stat(this.pathOf(id)).catch(() => undefined);
    return s?.isFile() ? s.size : undefined;
  }

  async open(id: string, start: number, end: number): Promise<Readable> {
    return fs.createReadStream(this.pathOf(id), { start, end });
  }

  async localPath(id: string): Promise<{ path: string; release(): void }> {
    return { path: this.pathOf(id), release: () => undefined };
  }

  async delete(id: string): Promise<void> {
    await fs.promises.rm(this.pathOf(id), { force: true });
    await this.dropVariants(id);
  }
}
