// A bounded folder of derived files (image variants, local copies of S3 originals): at most
// `maxFiles` files and `maxBytes` bytes, least recently used evicted first.
//
//   STORAGE_IMAGE_CACHE_MAX_FILES  (default 2000)
//   STORAGE_IMAGE_CACHE_MAX_BYTES  (default 536870912 = 512 MiB)
//
// Every request asks for distinct variants at will (w, h, q, b, f), so without a bound the folder
// grows with every URL a client makes up. Each file is made once even when many requests ask for it
// at the same time. A file in use (pinned until its response ends) is never evicted, so the folder
// may exceed the bound by the files being served at that moment, never by more. The order of use
// survives a restart as the files' modification times.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export interface CacheLimits {
  maxFiles: number;
  maxBytes: number;
}

export const DEFAULT_CACHE_LIMITS: CacheLimits = { maxFiles: 2000, maxBytes: 512 * 1024 * 1024 };

export function cacheLimitsFromEnv(env: Record<string, string | undefined> = process.env): CacheLimits {
  const read = (name: string, fallback: number) => {
    const n = Number(env[name]);
    return Number.isSafeInteger(n) && n >= 1 ? n : fallback;
  };
  return {
    maxFiles: read('STORAGE_IMAGE_CACHE_MAX_FILES', DEFAULT_CACHE_LIMITS.maxFiles),
    maxBytes: read('STORAGE_IMAGE_CACHE_MAX_BYTES', DEFAULT_CACHE_LIMITS.maxBytes),
  };
}

export interface CachedFile {
  path: string;
  size: number;
  /** Ends this use: the file may be evicted again. Safe to call more than once. */
  release(): void;
}

interface Entry {
  size: number;
  pins: number;
}

const TMP_SUFFIX = '.tmp';

export class FileCache {
  /** Least recently used first (a Map keeps insertion order; a use moves the entry to the end). */
  private readonly entries = new Map<string, Entry>();
  private readonly making = new Map<string, Promise<void>>();
  private bytes = 0;

  constructor(
    readonly dir: string,
    readonly limits: CacheLimits = cacheLimitsFromEnv(),
  ) {}

  /** Creates the folder and takes over the files already in it, oldest first; leftovers of interrupted writes go. */
  async init(): Promise<void> {
    await fs.promises.mkdir(this.dir, { recursive: true });
    const found: { name: string; size: number; mtime: number }[] = [];
    for (const name of await fs.promises.readdir(this.dir)) {
      const file = path.join(this.dir, name);
      if (name.endsWith(TMP_SUFFIX)) {
        await fs.promises.rm(file, { force: true });
        continue;
      }
      const s = await fs.promises.stat(file).catch(() => undefined);
      if (s?.isFile()) found.push({ name, size: s.size, mtime: s.mtimeMs });
    }
    found.sort((a, b) => a.mtime - b.mtime);
    for (const f of found) this.add(f.name, f.size);
    this.evict();
  }

  pathOf(name: string): string {
    if (!/^[A-Za-z0-9._-]+$/.test(name) || name.startsWith('.')) throw new Error(`not a cache file name: ${name}`);
    return path.join(this.dir, name);
  }

  /**
   * The file `name`, made with `make(tmpPath)` when absent (once, however many ask at the same
   * time), pinned until release(). A failed make leaves nothing behind and rejects every waiter.
   */
  async use(name: string, make: (tmpPath: string) => Promise<void>): Promise<CachedFile> {
    const target = this.pathOf(name);
    // A file made for us may be evicted before we pin it when every other file is pinned; make it again then.
    for (let attempt = 0; attempt < 3; attempt++) {
      const entry = this.entries.get(name);
      if (entry) {
        this.entries.delete(name);
        this.entries.set(name, entry);
        entry.pins += 1;
        this.evict();
        let released = false;
        return {
          path: target,
          size: entry.size,
          release: () => {
            if (released) return;
            released = true;
            entry.pins -= 1;
            this.evict();
          },
        };
      }
      let pending = this.making.get(name);
      if (!pending) {
        pending = this.make(name, target, make).finally(() => this.making.delete(name));
        this.making.set(name, pending);
      }
      await pending;
    }
    throw new Error(`cache file ${name} was evicted as soon as it was made`);
  }

  /** Forgets and deletes every file whose name starts with `prefix` (a replaced or deleted original). */
  async dropPrefix(prefix: string): Promise<void> {
    for (const name of [...this.entries.keys()]) if (name.startsWith(prefix)) this.remove(name);
    // Files this process never registered (written by an older version) go as well.
    const names = await fs.promises.readdir(this.dir).catch(() => [] as string[]);
    await Promise.all(names.filter((n) => n.startsWith(prefix) && !this.entries.has(n)).map((n) => fs.promises.rm(path.join(this.dir, n), { force: true })));
  }

  stats(): { files: number; bytes: number } {
    return { files: this.entries.size, bytes: this.bytes };
  }

  private async make(name: string, target: string, make: (tmpPath: string) => Promise<void>): Promise<void> {
    const tmp = `${target}.${crypto.randomUUID()}${TMP_SUFFIX}`;
    try {
      await make(tmp);
      const { size } = await fs.promises.stat(tmp);
      await fs.promises.rename(tmp, target);
      this.add(name, size);
    } catch (e) {
      await fs.promises.rm(tmp, { force: true });
      throw e;
    }
  }

  private add(name: string, size: number): void {
    const old = this.entries.get(name);
    if (old) {
      this.bytes -= old.size;
      this.entries.delete(name);
    }
    this.entries.set(name, { size, pins: old?.pins ?? 0 });
    this.bytes += size;
  }

  private remove(name: string): void {
    const entry = this.entries.get(name);
    if (!entry) return;
    this.entries.delete(name);
    this.bytes -= entry.size;
    // Synchronous, so a new file of the same name made right after can never be the one deleted.
    fs.rmSync(path.join(this.dir, name), { force: true });
  }

  /** Drops least recently used, unpinned files until the folder is within its limits. */
  private evict(): void {
    if (this.entries.size <= this.limits.maxFiles && this.bytes <= this.limits.maxBytes) return;
    for (const [name, entry] of this.entries) {
      if (this.entries.size <= this.limits.maxFiles && this.bytes <= this.limits.maxBytes) return;
      if (entry.pins === 0) this.remove(name);
    }
  }
}
