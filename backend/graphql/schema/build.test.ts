import path from 'node:path';
import { printSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { testModel } from '../__fixtures__/model';
import { printRoleSchema } from '../index';
import { RoleSchemaBuilder } from './build';

const model = testModel();
const sdl = (role: string) => printSchema(new RoleSchemaBuilder(model, role, false).build());

describe('schema per role', () => {
  it('admin sees every table, column and operation', () => {
    const s = sdl('admin');
    expect(s).toMatch(/type posts \{[^}]*secret: String/);
    for (const f of ['posts_by_pk(id: Int!): posts', 'posts_aggregate(', 'insert_posts_one(', 'update_posts_many(', 'delete_posts_by_pk(id: Int!): posts']) expect(s).toContain(f);
    expect(s).toContain('enum posts_constraint');
  });

  it('a role sees only the columns, relationships and root fields its permissions grant', () => {
    const s = sdl('user');
    // Fields, each possibly after its description ("An object relationship", as Hasura).
    expect(s).toMatch(/type posts \{\n(\s+(\w+|""").*\n)+\}/);
    expect(s).not.toMatch(/type posts \{[^}]*secret/);
    expect(s).toMatch(/type users \{[^}]*oddCol: String/);
    expect(s).not.toContain('posts_aggregate');
    expect(s).not.toContain('delete_posts');
    // The preset owner_id is not part of the insert input; only granted columns are.
    expect(s).toMatch(/input posts_insert_input \{\n\s+title: String\n\}/);
    expect(s).toContain('update_posts_by_pk(');
  });

  it('a role without permissions has no mutation root and no tables', () => {
    const s = sdl('nobody');
    expect(s).not.toContain('mutation_root');
    expect(s).not.toContain('type posts');
  });

  it('prints a role schema from a project folder without a server', async () => {
    const config = loadConfig({ project: path.join(__dirname, '..', '__fixtures__', 'project') }, { NODE_ENV: 'test' });
    const s = await printRoleSchema(config, 'public');
    expect(s).toContain('type query_root');
    expect(s).toMatch(/type articles \{[^}]*title: String!/);
    expect(s).not.toMatch(/type articles \{[^}]*body/);
    expect(s).not.toContain('type users');
  }, 120_000);
});
