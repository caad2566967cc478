// A model is a pure function of the metadata, the database catalogue, the enum tables' values and
// the engine's options. Where one process starts many engines on identical inputs (test workers
// run file after file, each file with its own backend), they share one Model, and with it the
// executor's caches (execute.ts): the role schemas, parsed and validated documents and compiled
// SQL. Building the admin role's schema alone costs ~0.5 s of CPU. A production process loads one
// model, so it pays one fingerprint per (re)load and keeps nothing else.
import { createHash } from 'node:crypto';
import type { Model } from './model';

const KEEP = 4;
const models = new Map<string, Model>();

/** A digest of plain data (Maps and Sets by their entries, in order). */
export function fingerprint(parts: unknown): string {
  const json = JSON.stringify(parts, (_key, v: unknown) => (v instanceof Map ? [...v.entries()] : v instanceof Set ? [...v] : v));
  return createHash('sha256').update(json).digest('hex');
}

/** The model loaded earlier from the same inputs, else `model`, remembered for the next load. */
export function sharedModel(key: string, model: Model): Model {
  const known = models.get(key);
  // Most recently used last, so the oldest goes first.
  models.delete(key);
  models.set(key, known ?? model);
  for (const oldest of models.keys()) {
    if (models.size <= KEEP) break;
    models.delete(oldest);
  }
  return known ?? model;
}
