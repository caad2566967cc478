import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, type Db } from '../db';
import { emptyDatabase } from '../../tests/helpers/backend';
import { Executor } from './execute';
import { engineOptions, loadModel } from './index';
import { MetadataError } from './metadata';
import { predictedTypeNames } from './typeNames';
import type { EngineSession } from './types';

const PROJECT = path.join(__dirname, '__fixtures__', 'project');
const ADA = '11111111-1111-1111-1111-111111111111';
const BELA = '22222222-2222-2222-2222-222222222222';
const user = (id: string): EngineSession => ({ role: 'user', variables: { 'x-hasura-role': 'user', 'x-hasura-user-id': id }, isAdmin: false });
const admin: EngineSession = { role: 'admin', variables: { 'x-hasura-role': 'admin' }, isAdmin: true };

describe('executor', () => {
  let db: Db;
  let ex: Executor;
  beforeAll(async () => {
    // As initdb leaves it, from the cached snapshot (an initdb of its own costs ~5 s of CPU).
    db = await emptyDatabase();
    await migrate(db, { projectDir: PROJECT, applySeeds: false });
    ex = new Executor(await loadModel(db, PROJECT, engineOptions({ NODE_ENV: 'test' })), db);
  });
  afterAll(async () => {
    await db?.close();
  });

  it('a cached query still answers per session', async () => {
    const q = { query: '{ articles(where: {is_published: {_eq: false}}, order_by: {id: asc}) { title } }' };
    expect(JSON.parse(await ex.run(user(ADA), q))).toEqual({ data: { articles: [{ title: 'Notes' }] } });
    expect(JSON.parse(await ex.run(user(BELA), q))).toEqual({ data: { articles: [{ title: 'Draft 100%' }] } });
    expect(JSON.parse(await ex.run(user(ADA), q))).toEqual({ data: { articles: [{ title: 'Notes' }] } });
  });

  it('splices Postgres JSON into the response text and keeps root fields in request order', async () => {
    const text = await ex.run(admin, { query: '{ b: authors_by_pk(id: 2) { name } __typename a: articles_by_pk(id: 1) { id } }' });
    expect(text.startsWith('{"data":{"b":')).toBe(true);
    expect(Object.keys(JSON.parse(text).data)).toEqual(['b', '__typename', 'a']);
  });

  it('the type names the load checks predict cover every type of the admin schema (enum tables included)', () => {
    const predicted = predictedTypeNames(ex.model);
    const types = Object.keys(ex.schemaFor('admin').getTypeMap()).filter((n) => !n.startsWith('__'));
    expect(types).toContain('article_kinds_enum');
    expect(types.filter((n) => !predicted.has(n))).toEqual([]);
  });

  it("an enum table without rows, with a value that is not a GraphQL enum value name, or of a shape Hasura refuses is refused at load with Hasura's text", async () => {
    const load = () => loadModel(db, PROJECT, engineOptions({ NODE_ENV: 'test' }));
    const refusedWith = async (message: string) => {
      await expect(load()).rejects.toThrow(MetadataError);
      await expect(load()).rejects.toThrow(message);
    };
    const because = 'the table "article_kinds" cannot be used as an enum because';
    const reasons = 'the table "article_kinds" cannot be used as an enum for the following reasons:\n';
    try {
      await db.exec(`INSERT INTO public.article_kinds VALUES ('in-progress', NULL)`);
      await refusedWith(`${because} the value "in-progress" is not a valid GraphQL enum value name`);
      await db.exec(`INSERT INTO public.article_kinds VALUES ('true', NULL), ('2nd', NULL)`);
      await refusedWith(`${because} the values 2nd, in-progress, and "true" are not valid GraphQL enum value names`);
      await db.exec(`DELETE FROM public.article_kinds WHERE value = '2nd'`);
      await refusedWith(`${because} the values "in-progress" and "true" are not valid GraphQL enum value names`);
      await db.exec(`ALTER TABLE public.articles DROP CONSTRAINT articles_kind_fkey; DELETE FROM public.article_kinds`);
      await refusedWith(`${because} the table must have at least one row`);
      // Its shape: one text primary key and at most one other column, a text one.
      await db.exec(`INSERT INTO public.article_kinds VALUES ('essay', 'An essay'); ALTER TABLE public.article_kinds ADD COLUMN rank integer`);
      await refusedWith(`${because} the table must have exactly one primary key and optionally one comment column, not 2 columns (comment, rank)`);
      await db.exec(`ALTER TABLE public.article_kinds DROP COLUMN comment`);
      await refusedWith(`${because} the table’s comment column ("rank") must have type "text", not type "integer"`);
      await db.exec(`ALTER TABLE public.article_kinds DROP CONSTRAINT article_kinds_pkey`);
      await refusedWith(`${reasons}  • the table must have a primary key\n  • the table must have exactly one primary key and optionally one comment column, not 2 columns (rank, value)\n`);
      await db.exec(`ALTER TABLE public.article_kinds DROP COLUMN rank; ALTER TABLE public.article_kinds ALTER COLUMN value TYPE varchar; ALTER TABLE public.article_kinds ADD PRIMARY KEY (value)`);
      // Hasura then counts the key as the other column too (its validation reads every column
      // as another one when the key is unusable).
      await refusedWith(`${reasons}  • the table’s primary key ("value") must have type "text", not type "varchar"\n  • the table’s comment column ("value") must have type "text", not type "varchar"\n`);
      // A comment column of another name gives the values their descriptions, as in Hasura.
      await db.exec(`ALTER TABLE public.article_kinds ALTER COLUMN value TYPE text; ALTER TABLE public.article_kinds ADD COLUMN label text; UPDATE public.article_kinds SET label = 'Long form'`);
      expect((await load()).tables.get('public.article_kinds')?.enumValues).toEqual([{ value: 'essay', comment: 'Long form' }]);
    } finally {
      await db.exec(`DROP TABLE public.article_kinds CASCADE; CREATE TABLE public.article_kinds (value text PRIMARY KEY, comment text);
        INSERT INTO public.article_kinds VALUES ('essay', 'An essay'), ('note', 'A short note');
        ALTER TABLE public.articles ADD CONSTRAINT articles_kind_fkey FOREIGN KEY (kind) REFERENCES public.article_kinds(value)`);
    }
    expect((await load()).tables.get('public.article_kinds')?.enumValues).toEqual([{ value: 'essay', comment: 'An essay' }, { value: 'note', comment: 'A short note' }]);
  });

  it('runs all mutation fields of a request in one transaction', async () => {
    const before = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM public.comments');
    const r = JSON.parse(await ex.run(admin, { query: 'mutation { a: insert_comments_one(object: {article_id: 1, text: "ok"}) { id } b: insert_comments_one(object: {article_id: 999, text: "fk"}) { id } }' }));
    expect(r.errors[0]).toMatchObject({ extensions: { code: 'constraint-violation', path: '$.selectionSet.b.args.object' } });
    const after = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM public.comments');
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });

  it('prepares subscriptions: one key per role, document and session values the query reads', async () => {
    const sub = { query: 'subscription { articles(where: {is_published: {_eq: false}}) { title } }' };
    const a1 = ex.prepare(user(ADA), sub);
    const a2 = ex.prepare({ ...user(ADA), variables: { ...user(ADA).variables, 'x-hasura-other': 'x' } }, sub);
    const b = ex.prepare(user(BELA), sub);
    if (!a1.ok || !a2.ok || !b.ok) throw new Error('prepare failed');
    expect(a1.subscription.key).toBe(a2.subscription.key);
    expect(a1.subscription.key).not.toBe(b.subscription.key);
    expect(await a1.subscription.run()).toBe('{"articles":[{"title" : "Notes"}]}');
    expect(JSON.parse(await b.subscription.run())).toEqual({ articles: [{ title: 'Draft 100%' }] });
    expect(ex.prepare(user(ADA), { query: '{ articles { id } }' })).toMatchObject({ ok: false, errors: [{ extensions: { code: 'validation-failed' } }] });
    expect(ex.prepare(user(ADA), { query: 'subscription { a: articles { id } b: authors { id } }' })).toMatchObject({ ok: false });
  });
});
