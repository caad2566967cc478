// Nested inserts as Hasura answers them (its insert/nested cases): a relationship given as null is
// left out, and the client may not set a foreign key that the nested insert decides.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningBackend } from '../../server';
import { startTestBackend } from '../../../tests/helpers/backend';

let backend: RunningBackend;
beforeAll(async () => {
  backend = await startTestBackend({ projectDir: path.join(__dirname, '..', '__fixtures__', 'project') });
});
afterAll(async () => {
  await backend?.close();
});

const admin = (query: string) => backend.engine.execute({ query }, { 'x-hasura-admin-secret': backend.ctx.config.adminSecret });
const count = async (table: string) => Number((await backend.ctx.db.query<{ n: string }>(`SELECT count(*)::text AS n FROM public.${table}`)).rows[0].n);

describe('nested inserts', () => {
  it('treats a null relationship as absent (author_with_articles_null)', async () => {
    const r = await admin('mutation { insert_authors(objects: [{name: "Author N", articles: null}]) { affected_rows returning { name articles { id } } } }');
    expect(r).toEqual({ data: { insert_authors: { affected_rows: 1, returning: [{ name: 'Author N', articles: [] }] } } });
  });

  it('refuses a child that sets the foreign key its parent decides, and writes nothing (author_with_articles_author_id_fail)', async () => {
    const [authors, articles] = [await count('authors'), await count('articles')];
    const r = await admin('mutation { insert_authors(objects: [{name: "Author F", articles: {data: [{title: "t", author_id: 1}]}}]) { affected_rows } }');
    expect(r.errors?.[0]).toMatchObject({ message: 'cannot insert "author_id" columns as their values are already being determined by parent insert', extensions: { code: 'validation-failed' } });
    expect([await count('authors'), await count('articles')]).toEqual([authors, articles]);
  });

  it('refuses an object relationship whose key the parent also sets (articles_with_author_author_id_fail)', async () => {
    const [authors, articles] = [await count('authors'), await count('articles')];
    const r = await admin('mutation { insert_articles(objects: [{title: "x", author_id: 1, author: {data: {name: "Dup"}}}]) { affected_rows } }');
    expect(r.errors?.[0]).toMatchObject({ message: 'cannot insert object relationship "author" as "author_id" column values are already determined', extensions: { code: 'validation-failed' } });
    expect([await count('authors'), await count('articles')]).toEqual([authors, articles]);
  });

  it('answers affected_rows alone for several parents with children (the rows are not selected, nothing else breaks)', async () => {
    const [authors, articles] = [await count('authors'), await count('articles')];
    const r = await admin(
      'mutation { insert_authors(objects: [{name: "A1", articles: {data: [{title: "a"}, {title: "b"}]}}, {name: "A2", articles: {data: [{title: "c"}]}}]) { affected_rows } }',
    );
    expect(r).toEqual({ data: { insert_authors: { affected_rows: 5 } } });
    expect([await count('authors'), await count('articles')]).toEqual([authors + 2, articles + 3]);
  });
});
