import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { engineOptions, inferFunctionPermissions } from './index';

// Whether query functions are offered to every role that may read their table (Hasura's default)
// or only to roles with a function permission: the same settings Hasura and Nhost Cloud read.
describe('inferFunctionPermissions setting', () => {
  const dir = (toml: string) => {
    const d = fs.mkdtempSync(path.join(os.tmpdir(), 'infer-fn-'));
    fs.writeFileSync(path.join(d, 'nhost.toml'), toml);
    return d;
  };

  it("follows Hasura's default (true) when neither the environment nor nhost.toml sets it", () => {
    expect(inferFunctionPermissions(dir('[hasura]\n'), engineOptions({}))).toBe(true);
    expect(inferFunctionPermissions(path.resolve('nhost'), engineOptions({}))).toBe(true);
  });

  it("reads nhost.toml's [hasura.settings] inferFunctionPermissions, and the environment overrides it", () => {
    const off = dir('[hasura.settings]\ninferFunctionPermissions = false\n');
    expect(inferFunctionPermissions(off, engineOptions({}))).toBe(false);
    expect(inferFunctionPermissions(off, engineOptions({ HASURA_GRAPHQL_INFER_FUNCTION_PERMISSIONS: 'true' }))).toBe(true);
    expect(inferFunctionPermissions(dir('[hasura]\n'), engineOptions({ HASURA_GRAPHQL_INFER_FUNCTION_PERMISSIONS: 'FALSE' }))).toBe(false);
  });
});
