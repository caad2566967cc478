// Where file bytes live: `<dataDir>/storage/files/<uuid>` on local disk. Only uuids name files,
// so no client-supplied text ever becomes part of a path.
import fs from 'node:fs';
import path from 'node:path';

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface StoredObject {
  path: string;
  size: number;
}

export class LocalFileStore {
  readonly filesDir: string;
  readonly tmpDir: string;
  readonly cacheDir: string;

  constructor(root: string) {
    this.filesDir = path.join(root, 'files');
    this.tmpDir = path.join(root, 'tmp');
    this.cacheDir = path.join(root, 'cache');
  }

  async init(): Promise<void> {
    await Promise.all([this.filesDir, this.tmpDir, this.cacheDir].map((d) => fs.promises.mkdir(d, { recursive: true })));
  }

  private pathOf(id: string): string {
    if (!UUID.test(id)) throw new Error(`not a file id: ${id}`);
    return path.join(this.filesDir, id.toLowerCase());
  }

  /** Moves an uploaded temporary file into place (atomic on the same disk) and drops stale image variants. */
  async put(id: string, tmpPath: string): Promise<void> {
    await fs.promises.rename(tmpPath, this.pathOf(id));
    await this.dropVariants(id);
  }

  async stat(id: string): Promise<StoredObject | undefined> {
    const p = this.pathOf(id);
    const s = await fs.promises.stat(p).catch(() => undefined);
    return s?.isFile() ? { path: p, size: s.size } : undefined;
  }

  async delete(id: string): Promise<void> {
    await fs.promises.rm(this.pathOf(id), { force: true });
    await this.dropVariants(id);
  }

  /** Transformed image variants are cached as `<cacheDir>/<id>-<hash>`. */
  variantPath(id: string, key: string): string {
    return path.join(this.cacheDir, `${this.pathOf(id).slice(this.filesDir.length + 1)}-${key}`);
  }

  private async dropVariants(id: string): Promise<void> {
    const prefix = `${id.toLowerCase()}-`;
    const names = await fs.promises.readdir(this.cacheDir).catch(() => [] as string[]);
    await Promise.all(names.filter((n) => n.startsWith(prefix)).map((n) => fs.promises.rm(path.join(this.cacheDir, n), { force: true })));
  }
}
