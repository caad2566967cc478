import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { testCatalog } from './__fixtures__/model';
import { loadMetadata, MetadataError } from './metadata';
import { buildModel } from './model';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'metadata-test-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function write(rel: string, text: string) {
  const f = path.join(dir, 'metadata', rel);
  fs.mkdirSync(path.dirname(f), { recursive: true });
  fs.writeFileSync(f, text);
}

describe('metadata v3 directory', () => {
  it('follows !include both as a quoted string and as a YAML tag, relative to the including file', () => {
    write('version.yaml', 'version: 3\n');
    write('databases/databases.yaml', '- name: default\n  kind: postgres\n  tables: "!include default/tables/tables.yaml"\n  functions: !include default/functions/functions.yaml\n');
    write('databases/default/tables/tables.yaml', '- "!include public_a.yaml"\n- !include auth_users.yaml\n');
    write('databases/default/tables/public_a.yaml', 'table:\n  name: a\n  schema: public\nselect_permissions:\n  - role: user\n    permission:\n      columns: "*"\n      filter: {}\n');
    write('databases/default/tables/auth_users.yaml', 'table:\n  name: users\n  schema: auth\nconfiguration:\n  custom_name: users\n');
    write('databases/default/functions/functions.yaml', '- "!include public_f.yaml"\n');
    write('databases/default/functions/public_f.yaml', 'function:\n  name: f\n  schema: public\n');
    const m = loadMetadata(dir);
    expect(m.tables.map((t) => `${t.table.schema}.${t.table.name}`)).toEqual(['public.a', 'auth.users']);
    expect(m.tables[0].select_permissions?.[0].permission.columns).toBe('*');
    expect(m.tables[1].configuration?.custom_name).toBe('users');
    expect(m.functions[0].function).toEqual({ schema: 'public', name: 'f' });
  });

  it('a project without metadata serves an empty schema', () => {
    expect(loadMetadata(path.join(dir, 'missing'))).toEqual({ tables: [], functions: [] });
  });
});

describe('a table or function entry of the wrong shape (Hasura: a parse error naming where)', () => {
  /** The project's metadata: tables users and posts (the test catalogue's), posts with `extra`. */
  function project(name: string, extra: string, functions = '[]'): string {
    const root = path.join(dir, name);
    const put = (rel: string, text: string) => {
      fs.mkdirSync(path.dirname(path.join(root, 'metadata', rel)), { recursive: true });
      fs.writeFileSync(path.join(root, 'metadata', rel), text);
    };
    put('databases/databases.yaml', `- name: default\n  kind: postgres\n  tables: !include t.yaml\n  functions: ${functions}\n`);
    const users = `- table: {schema: public, name: users}\n  configuration: {custom_column_names: {'odd "col': oddCol}}\n`;
    put('databases/t.yaml', `${users}- table: {schema: public, name: posts}\n${extra.replace(/^/gm, '  ')}\n`);
    return root;
  }
  const load = (root: string) => () => buildModel(loadMetadata(root), testCatalog(), { stringifyNumerics: true });

  it.each([
    ['object_relationships: {owner: owner_id}', 'object_relationships: parsing [] failed, expected Array, but encountered Object'],
    ['array_relationships: [null]', 'array_relationships[0]: expected Object, but encountered Null'],
    ['object_relationships: [{name: owner, using: null}]', 'object_relationships[0]: using: expected Object, but encountered Null'],
    ['computed_fields: [{name: score, definition: null}]', 'computed_fields[0]: definition: expected Object, but encountered Null'],
    ['computed_fields: 5', 'computed_fields: parsing [] failed, expected Array, but encountered Number'],
    ['select_permissions: [{role: user, permission: null}]', 'select_permissions[0]: permission: expected Object, but encountered Null'],
    ['select_permissions: [{role: user, permission: {columns: id, filter: {}}}]', 'select_permissions[0]: permission: columns: expected "*" or a list of column names, but encountered "id"'],
    ['insert_permissions: [{role: user, permission: {columns: 5, check: {}}}]', 'insert_permissions[0]: permission: columns: expected "*" or a list of column names, but encountered 5'],
    ['delete_permissions: [{permission: {filter: {}}}]', 'delete_permissions[0]: role: expected a role name'],
  ])('posts with %s is refused with a metadata error, not a TypeError', (extra, message) => {
    const root = project(`shape-${extra.replace(/\W+/g, '-')}`, extra);
    expect(load(root)).toThrow(MetadataError);
    expect(load(root)).toThrow(`table "public.posts": ${message}`);
  });

  it('a function entry that is not an object is refused with a metadata error', () => {
    const root = project('shape-function', '', '[null]');
    expect(load(root)).toThrow(MetadataError);
    expect(load(root)).toThrow('functions[0]: expected Object, but encountered Null');
  });
});

describe('metadata files that do not parse', () => {
  /** A project whose tables come from t.yaml, written as given. */
  function project(name: string, files: Record<string, string>): string {
    const root = path.join(dir, name);
    const meta = path.join(root, 'metadata', 'databases');
    fs.mkdirSync(meta, { recursive: true });
    fs.writeFileSync(path.join(meta, 'databases.yaml'), '- name: default\n  kind: postgres\n  tables: !include t.yaml\n');
    for (const [file, text] of Object.entries(files)) fs.writeFileSync(path.join(meta, file), text);
    return root;
  }
  const refused = (root: string, message: string | RegExp) => {
    expect(() => loadMetadata(root)).toThrow(MetadataError);
    expect(() => loadMetadata(root)).toThrow(message);
  };

  it('a syntax error, a missing include and an include cycle name the file (not a bare parser error or a stack overflow)', () => {
    refused(project('syntax', { 't.yaml': '- table: {schema: public, name: users\n' }), /metadata\/databases\/t\.yaml: .*line/);
    refused(project('missing', { 't.yaml': '- !include public_users.yaml\n' }), /metadata\/databases\/public_users\.yaml: ENOENT/);
    refused(project('cycle', { 't.yaml': '- !include u.yaml\n', 'u.yaml': 'table: users\nx: !include t.yaml\n' }), /t\.yaml: includes itself \(.*t\.yaml -> .*u\.yaml -> .*t\.yaml\)/);
  });
});
