// A small model built from a hand-written catalog and metadata, for compiler and schema unit
// tests that need no database.
import type { Catalog, CatalogColumn, CatalogTable } from '../catalog';
import type { Metadata } from '../metadata';
import { buildModel, type Model } from '../model';

const col = (name: string, typname: string, sqlType: string, notNull = true): CatalogColumn => ({
  name, sqlType, typname, typtype: 'b', elemTypname: null, notNull, hasDefault: false, generated: false, enumValues: null,
});

export function testCatalog(): Catalog {
  const users: CatalogTable = {
    schema: 'public', name: 'users', kind: 'r', view: null,
    columns: [col('id', 'uuid', 'uuid'), col('name', 'text', 'text'), col('prefs', 'jsonb', 'jsonb', false), col('odd "col', 'text', 'text', false)],
    primaryKey: { name: 'users_pkey', columns: ['id'] }, uniques: [], foreignKeys: [],
  };
  const posts: CatalogTable = {
    schema: 'public', name: 'posts', kind: 'r', view: null,
    columns: [col('id', 'int4', 'integer'), col('owner_id', 'uuid', 'uuid'), col('title', 'text', 'text'), col('likes', 'int8', 'bigint'), col('secret', 'text', 'text', false)],
    primaryKey: { name: 'posts_pkey', columns: ['id'] }, uniques: [],
    foreignKeys: [{ name: 'posts_owner_id_fkey', columns: ['owner_id'], refSchema: 'public', refTable: 'users', refColumns: ['id'] }],
  };
  return { tables: new Map([['public.users', users], ['public.posts', posts]]), functions: new Map() };
}

export function testMetadata(): Metadata {
  return {
    functions: [],
    tables: [
      {
        table: { schema: 'public', name: 'users' },
        configuration: { custom_column_names: { 'odd "col': 'oddCol' } },
        array_relationships: [{ name: 'posts', using: { foreign_key_constraint_on: { table: { schema: 'public', name: 'posts' }, column: 'owner_id' } } }],
        select_permissions: [{ role: 'user', permission: { columns: ['id', 'name', 'odd "col'], filter: { id: { _eq: 'X-Hasura-User-Id' } } } }],
      },
      {
        table: { schema: 'public', name: 'posts' },
        object_relationships: [{ name: 'owner', using: { foreign_key_constraint_on: 'owner_id' } }],
        select_permissions: [
          { role: 'user', permission: { columns: ['id', 'title', 'owner_id', 'likes'], filter: { $or: [{ owner_id: 'x-hasura-user-id' }, { likes: { $gt: 10 } }] }, limit: 5 } },
          { role: 'public', permission: { columns: ['id', 'title'], filter: { _exists: { _table: { schema: 'public', name: 'users' }, _where: { name: { _in: 'X-Hasura-Names' } } } } } },
        ],
        insert_permissions: [{ role: 'user', permission: { columns: ['title'], check: { owner_id: { _eq: 'X-Hasura-User-Id' } }, set: { owner_id: 'X-Hasura-User-Id' } } }],
        update_permissions: [{ role: 'user', permission: { columns: ['title'], filter: { owner_id: { _eq: 'X-Hasura-User-Id' } }, check: null } }],
      },
    ],
  };
}

export const testModel = (): Model => buildModel(testMetadata(), testCatalog(), { stringifyNumerics: true });
