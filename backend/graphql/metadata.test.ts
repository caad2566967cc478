import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadMetadata } from './metadata';

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
