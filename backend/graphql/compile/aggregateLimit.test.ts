// A select permission's row `limit` bounds the rows returned, not what aggregates count: Hasura
// computes `aggregate` over every permitted row and limits only `nodes`. Data and expectations
// from Hasura's own suite (server/tests-py/queries/graphql_query/agg_perm).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningBackend } from '../../server';
import { startTestBackend } from '../../../tests/helpers/backend';

const SQL = `
CREATE TABLE author (id serial PRIMARY KEY, name text UNIQUE);
CREATE TABLE article (id serial PRIMARY KEY, title text, content text, author_id integer REFERENCES author(id), is_published boolean);
CREATE TABLE post (id serial PRIMARY KEY, title text, content text, author_id integer REFERENCES author(id));
INSERT INTO author (name) VALUES ('Author 1'), ('Author 2');
INSERT INTO article (title, content, author_id, is_published) VALUES
  ('Article 1', 'Sample article content 1', 1, false), ('Article 2', 'Sample article content 2', 1, true), ('Article 3', 'Sample article content 3', 2, true);
INSERT INTO post (title, content, author_id) VALUES
  ('Post 1', 'Post 1 Content', 1), ('Post 2', 'Post 2 Content', 1), ('Post 3', 'Post 3 Content', 1), ('Post 4', 'Post 4 Content', 2), ('Post 5', 'Post 5 Content', 2);
`;

const table = (name: string, extra: string) => `table:\n  name: ${name}\n  schema: public\n${extra}`;
const perm = (aggregations: boolean) => `select_permissions:\n  - role: user\n    permission:\n      columns: '*'\n      filter: {}\n      allow_aggregations: ${aggregations}\n      limit: 1\n`;
const FILES: Record<string, string> = {
  'metadata/version.yaml': 'version: 3\n',
  'metadata/databases/databases.yaml': '- name: default\n  kind: postgres\n  configuration:\n    connection_info:\n      database_url:\n        from_env: HASURA_GRAPHQL_DATABASE_URL\n  tables: "!include default/tables/tables.yaml"\n',
  'metadata/databases/default/tables/tables.yaml': '- "!include public_author.yaml"\n- "!include public_article.yaml"\n- "!include public_post.yaml"\n',
  'metadata/databases/default/tables/public_author.yaml': table('author', `array_relationships:
  - name: articles
    using:
      foreign_key_constraint_on: { table: article, column: author_id }
  - name: posts
    using:
      foreign_key_constraint_on: { table: post, column: author_id }
${perm(true)}`),
  'metadata/databases/default/tables/public_article.yaml': table('article', perm(false)),
  'metadata/databases/default/tables/public_post.yaml': table('post', perm(true)),
  'migrations/default/1700000000000_setup/up.sql': SQL,
};

let backend: RunningBackend;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'staydesk-agg-perm-'));

beforeAll(async () => {
  for (const [file, text] of Object.entries(FILES)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
  backend = await startTestBackend({ projectDir: dir });
});
afterAll(async () => {
  await backend?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const asUser = (query: string) => backend.engine.execute({ query }, { 'x-hasura-admin-secret': backend.ctx.config.adminSecret, 'x-hasura-role': 'user' });

describe('row limits of select permissions and aggregates (Hasura agg_perm)', () => {
  it('counts every permitted row, returns the limited nodes (author_agg_articles)', async () => {
    const r = await asUser('{ author_aggregate { aggregate { count max { id } } nodes { id name articles { id title content } } } }');
    expect(r).toEqual({
      data: {
        author_aggregate: {
          aggregate: { count: 2, max: { id: 2 } },
          nodes: [{ id: 1, name: 'Author 1', articles: [{ id: 1, title: 'Article 1', content: 'Sample article content 1' }] }],
        },
      },
    });
  });

  it('orders by the count of all permitted related rows (author_post_agg_order_by)', async () => {
    const r = await asUser('{ author(order_by: {posts_aggregate: {count: asc}}) { id name posts { id title content } } }');
    expect(r).toEqual({ data: { author: [{ id: 2, name: 'Author 2', posts: [{ id: 4, title: 'Post 4', content: 'Post 4 Content' }] }] } });
  });

  it('a relationship aggregate also counts all and limits its nodes; a request limit bounds both', async () => {
    const r = await asUser('{ author(order_by: {id: asc}) { id posts_aggregate(order_by: {id: asc}) { aggregate { count } nodes { id } } } }');
    expect(r).toEqual({ data: { author: [{ id: 1, posts_aggregate: { aggregate: { count: 3 }, nodes: [{ id: 1 }] } }] } });
    const limited = await asUser('{ post_aggregate(limit: 2, order_by: {id: asc}) { aggregate { count } nodes { id } } }');
    expect(limited).toEqual({ data: { post_aggregate: { aggregate: { count: 2 }, nodes: [{ id: 1 }] } } });
  });
});
