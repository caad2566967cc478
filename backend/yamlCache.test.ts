import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import YAML from 'yaml';
import { afterEach, describe, expect, it, vi } from 'vitest';

const dirs: string[] = [];

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'staydesk-yaml-cache-'));
  dirs.push(dir);
  return dir;
}

/** A fresh copy of the module (a new process, as far as its in-memory cache goes) on `cacheDir`. */
async function freshModule(cacheDir: string) {
  vi.resetModules();
  vi.stubEnv('STAYDESK_YAML_CACHE_DIR', cacheDir);
  return import('./yamlCache');
}

afterEach(() => {
  vi.unstubAllEnvs();
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

describe('parseYamlCached', () => {
  it('parses a file once: a later start reads the parse back from disk', async () => {
    const cache = tempDir();
    const file = path.join(tempDir(), 'table.yaml');
    fs.writeFileSync(file, 'table:\n  name: bookings\nselect_permissions:\n  - role: owner\n');
    const parse = vi.fn((text: string) => YAML.parse(text) as unknown);

    const first = await freshModule(cache);
    expect(first.parseYamlCached(file, 'v1', parse)).toEqual({ table: { name: 'bookings' }, select_permissions: [{ role: 'owner' }] });
    const second = await freshModule(cache);
    expect(second.parseYamlCached(file, 'v1', parse)).toEqual({ table: { name: 'bookings' }, select_permissions: [{ role: 'owner' }] });
    expect(parse).toHaveBeenCalledTimes(1);
  });

  it('parses again when the text or the way of reading it changes, and hands out copies', async () => {
    const { parseYamlCached } = await freshModule(tempDir());
    const file = path.join(tempDir(), 'table.yaml');
    const parse = vi.fn((text: string) => YAML.parse(text) as unknown);
    fs.writeFileSync(file, 'name: a\n');
    const a = parseYamlCached(file, 'v1', parse) as { name: string };
    a.name = 'changed by a caller';
    expect(parseYamlCached(file, 'v1', parse)).toEqual({ name: 'a' });
    fs.writeFileSync(file, 'name: b\n');
    expect(parseYamlCached(file, 'v1', parse)).toEqual({ name: 'b' });
    expect(parseYamlCached(file, 'v2', parse)).toEqual({ name: 'b' });
    expect(parse).toHaveBeenCalledTimes(3);
  });

  it('still parses when the cache folder cannot be written', async () => {
    const blocker = path.join(tempDir(), 'not-a-folder');
    fs.writeFileSync(blocker, '');
    const { parseYamlCached } = await freshModule(path.join(blocker, 'cache'));
    const file = path.join(tempDir(), 'x.yaml');
    fs.writeFileSync(file, '- 1\n- two\n');
    expect(parseYamlCached(file, 'v1', (t) => YAML.parse(t) as unknown)).toEqual([1, 'two']);
  });

  it('a damaged entry (cut short by a full disk, emptied by a crash) is parsed again and rewritten, never a failed start', async () => {
    const cache = tempDir();
    const file = path.join(tempDir(), 'table.yaml');
    fs.writeFileSync(file, 'table:\n  name: bookings\n');
    const parse = vi.fn((text: string) => YAML.parse(text) as unknown);
    (await freshModule(cache)).parseYamlCached(file, 'v1', parse);
    const [entry] = fs.readdirSync(cache);
    for (const damaged of ['', '{"table": {"na']) {
      fs.writeFileSync(path.join(cache, entry), damaged);
      expect((await freshModule(cache)).parseYamlCached(file, 'v1', parse)).toEqual({ table: { name: 'bookings' } });
    }
    expect(parse).toHaveBeenCalledTimes(3);
    expect(JSON.parse(fs.readFileSync(path.join(cache, entry), 'utf8'))).toEqual({ table: { name: 'bookings' } });
  });

  it('lets a parse error through and caches nothing for it', async () => {
    const cache = tempDir();
    const { parseYamlCached } = await freshModule(cache);
    const file = path.join(tempDir(), 'bad.yaml');
    fs.writeFileSync(file, 'a: [1, 2\n');
    expect(() => parseYamlCached(file, 'v1', (t) => YAML.parse(t) as unknown)).toThrow();
    expect(fs.existsSync(cache) ? fs.readdirSync(cache) : []).toEqual([]);
  });
});
