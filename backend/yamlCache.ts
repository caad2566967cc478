// Parsing YAML is the slowest part of a backend start after the database itself: the ~120
// metadata files (read once per start, for the GraphQL engine and the event triggers) and hasura-auth's
// OpenAPI document take 1-2 s of CPU with the `yaml` package, on every start, in every test file
// and every spawned backend. A parse is a pure function of the file's text, so its result is kept
// as JSON under node_modules/.cache keyed by a hash of the text: a start parses only what changed
// and reads the rest back in milliseconds. A cache that cannot be read or written is skipped.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const CACHE_DIR = process.env.STAYDESK_YAML_CACHE_DIR || path.resolve(__dirname, '..', 'node_modules/.cache/staydesk/yaml');
/** Parsed text by key, within this process: callers get their own copy (JSON.parse), so they may change it. */
const memory = new Map<string, string>();

/**
 * `parse(text)` of the file, from the cache when the same text was parsed before. `variant` names
 * how `parse` reads the text (custom tags, options): a different reading is a different entry.
 * The result must be plain JSON data.
 */
export function parseYamlCached(file: string, variant: string, parse: (text: string) => unknown): unknown {
  const text = fs.readFileSync(file, 'utf8');
  const key = createHash('sha256').update(variant).update('\0').update(text).digest('hex').slice(0, 40);
  const known = memory.get(key) ?? readEntry(key);
  if (known !== undefined) {
    // An entry cut short (a full disk, a crash before the data reached the disk) is a cache miss,
    // not a backend that cannot start until someone finds and deletes the file.
    const parsed = parseJson(known);
    if (parsed.ok) {
      memory.set(key, known);
      return parsed.value;
    }
  }
  const json = JSON.stringify(parse(text)) ?? 'null';
  memory.set(key, json);
  writeEntry(key, json);
  // Through JSON on the first read too, so a cached and a fresh start see the same data.
  return JSON.parse(json) as unknown;
}

function parseJson(json: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(json) as unknown };
  } catch {
    return { ok: false };
  }
}

function readEntry(key: string): string | undefined {
  try {
    return fs.readFileSync(path.join(CACHE_DIR, `${key}.json`), 'utf8');
  } catch {
    return undefined;
  }
}

function writeEntry(key: string, json: string): void {
  try {
    fs.mkdirSync(CACHE_DIR, { recursive: true });
    // Another process may write the same entry meanwhile: each writes its own file, then renames.
    const tmp = path.join(CACHE_DIR, `${key}.${process.pid}.tmp`);
    fs.writeFileSync(tmp, json);
    fs.renameSync(tmp, path.join(CACHE_DIR, `${key}.json`));
  } catch {
    // A read-only or full disk costs the next start a parse, nothing else.
  }
}
