// Inserts, updates and deletes through views, attacked with real access tokens. As Hasura, a
// view takes the mutations Postgres allows on it (pg_relation_is_updatable): an automatically
// updatable view gets insert/update/delete root fields, one that is not (an aggregate) none,
// for the admin too. Through the view a role reaches only the view's columns its permissions
// list, only its own rows, and a column the view leaves out (note.secret) not at all.
// Data: fixtures/views (note table, my_note view without `secret`, note_count aggregate view).
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { askAs, refused, refusesForgedTokens, type Answer } from './attackClient';
import { startClassEngine, type ClassEngine } from './runner';

let engine: ClassEngine;
beforeAll(async () => {
  engine = await startClassEngine('views', path.join(__dirname, 'fixtures/views/nhost'));
}, 120_000);
afterAll(async () => {
  await engine?.close();
});
beforeEach(async () => {
  await engine.reset();
});

const ask = (token: string, query: string, variables?: Record<string, unknown>) => askAs(engine, token, query, variables);
const asAdmin = async (query: string) => (await engine.post({ query }, {})).body as Answer;
interface NoteRow {
  id: number;
  owner_id: number;
  title: string;
  secret: string | null;
  pages: number;
}
/** The base table as the admin sees it: what the view wrote. */
const notes = async () => (await asAdmin('{ note(order_by: {id: asc}) { id owner_id title secret pages } }')).data?.note as NoteRow[];
const user = (id: number) => engine.token('user', { 'x-hasura-user-id': String(id) });

describe('an automatically updatable view (my_note)', () => {
  it('inserts into the table behind it, the owner set from the session, and answers with the view', async () => {
    const u1 = await user(1);
    expect(await ask(u1, 'mutation { insert_my_note(objects: [{title: "second", pages: 2}]) { affected_rows returning { id title pages } } }'))
      .toEqual({ data: { insert_my_note: { affected_rows: 1, returning: [{ id: 3, title: 'second', pages: 2 }] } } });
    expect((await notes())[2]).toEqual({ id: 3, owner_id: 1, title: 'second', secret: null, pages: 2 });
  });

  it('refuses a column the view leaves out and one the permission leaves out, and writes nothing', async () => {
    const u1 = await user(1);
    refused(await ask(u1, 'mutation { insert_my_note(objects: [{title: "x", secret: "mine"}]) { affected_rows } }'), "field 'secret' not found in type: 'my_note_insert_input'");
    refused(await ask(u1, 'mutation { insert_my_note(objects: [{title: "x", owner_id: 2}]) { affected_rows } }'), "field 'owner_id' not found in type: 'my_note_insert_input'");
    refused(await ask(u1, 'mutation { insert_my_note(objects: [{title: "x"}]) { returning { secret } } }'), "field 'secret' not found in type: 'my_note'");
    refused(await ask(u1, 'mutation { update_my_note(where: {}, _set: {owner_id: 1}) { affected_rows } }'), "field 'owner_id' not found in type: 'my_note_set_input'");
    expect(await notes()).toHaveLength(2);
  });

  it('updates and deletes only the caller\'s rows; another user\'s row stays as it was', async () => {
    const u1 = await user(1);
    expect(await ask(u1, 'mutation { update_my_note(where: {}, _set: {title: "renamed"}) { affected_rows } }')).toEqual({ data: { update_my_note: { affected_rows: 1 } } });
    expect(await ask(u1, 'mutation { update_my_note(where: {id: {_eq: 2}}, _inc: {pages: 10}) { affected_rows } }')).toEqual({ data: { update_my_note: { affected_rows: 0 } } });
    expect(await ask(u1, 'mutation { delete_my_note(where: {id: {_eq: 2}}) { affected_rows } }')).toEqual({ data: { delete_my_note: { affected_rows: 0 } } });
    expect(await notes()).toEqual([
      { id: 1, owner_id: 1, title: 'renamed', secret: 'secret of user 1', pages: 3 },
      { id: 2, owner_id: 2, title: 'first of user 2', secret: 'secret of user 2', pages: 5 },
    ]);
    expect(await ask(u1, 'mutation { delete_my_note(where: {}) { affected_rows } }')).toEqual({ data: { delete_my_note: { affected_rows: 1 } } });
    expect((await notes()).map((n) => n.id)).toEqual([2]);
  });

  it('holds the permission check on rows written through the view', async () => {
    const u1 = await user(1);
    refused(await ask(u1, 'mutation { insert_my_note(objects: [{title: "big", pages: 101}]) { affected_rows } }'), 'check constraint of an insert/update permission has failed', 'permission-error');
    refused(await ask(u1, 'mutation { update_my_note(where: {}, _set: {pages: 500}) { affected_rows } }'), 'check constraint of an insert/update permission has failed', 'permission-error');
    expect(await notes()).toEqual([
      { id: 1, owner_id: 1, title: 'first of user 1', secret: 'secret of user 1', pages: 3 },
      { id: 2, owner_id: 2, title: 'first of user 2', secret: 'secret of user 2', pages: 5 },
    ]);
  });

  it('refuses wrong types and oversized values with an error, not a partial write', async () => {
    const u1 = await user(1);
    refused(await ask(u1, 'mutation { insert_my_note(objects: [{title: 7}]) { affected_rows } }'), /String/);
    refused(await ask(u1, 'mutation { insert_my_note(objects: [{title: "x", pages: "many"}]) { affected_rows } }'), /integer/, 'data-exception');
    refused(await ask(u1, 'mutation { insert_my_note(objects: [{title: "x", pages: 2147483648}]) { affected_rows } }'), /lies outside the bounds/, 'parse-failed');
    refused(await ask(u1, 'mutation($t: String) { insert_my_note(objects: [{title: "ok"}, {title: $t}]) { affected_rows } }', { t: 'x'.repeat(100_000) }), /too long/, 'data-exception');
    expect(await notes()).toHaveLength(2);
  });

  it('is reached by a nested insert through a relationship to the view, under the view\'s permissions', async () => {
    const u1 = await user(1);
    expect(await ask(u1, 'mutation { insert_comment(objects: [{body: "hello", note: {data: {title: "via comment"}}}]) { affected_rows returning { body note { title } } } }'))
      .toEqual({ data: { insert_comment: { affected_rows: 2, returning: [{ body: 'hello', note: { title: 'via comment' } }] } } });
    expect((await notes())[2]).toEqual({ id: 3, owner_id: 1, title: 'via comment', secret: null, pages: 1 });
    // A comment on another user's note fails the comment's check: nothing is written.
    refused(await ask(u1, 'mutation { insert_comment(objects: [{body: "spam", note_id: 2}]) { affected_rows } }'), 'check constraint of an insert/update permission has failed', 'permission-error');
  });
});

describe('ltree operators and json paths through the view', () => {
  it('filter by ltree and read json paths of the caller\'s rows only', async () => {
    const u1 = await user(1);
    // user 2's note lies in work.plans.secret: a descendant of work, but not user 1's row.
    expect(await ask(u1, '{ my_note(where: {folder: {_descendant: "work"}}) { id folder } }')).toEqual({ data: { my_note: [{ id: 1, folder: 'work.plans' }] } });
    expect(await ask(u1, '{ my_note(where: {folder: {_matches: "*.secret"}}) { id } }')).toEqual({ data: { my_note: [] } });
    expect(await ask(u1, '{ my_note(where: {folder: {_ancestor_any: ["work.plans.secret"]}}) { id } }')).toEqual({ data: { my_note: [{ id: 1 }] } });
    expect(await ask(u1, '{ my_note(where: {folder: {_matches_fulltext: "secret"}}) { id } }')).toEqual({ data: { my_note: [] } });
    expect(await ask(u1, '{ my_note { colour: meta(path: "tags.colour") second: meta(path: "links[1]") none: meta(path: "$.nope") } }'))
      .toEqual({ data: { my_note: [{ colour: 'red', second: 'b', none: null }] } });
  });

  it('refuses a malformed ltree, a malformed path and a path on a column the role cannot read', async () => {
    const u1 = await user(1);
    refused(await ask(u1, '{ my_note(where: {folder: {_ancestor: "work..plans"}}) { id } }'), 'Expecting label path: a sequence of zero or more labels separated by dots, for example L1.L2.L3', 'parse-failed');
    refused(await ask(u1, 'query($f: [ltree!]) { my_note(where: {folder: {_descendant_any: $f}}) { id } }', { f: ['work', 7] }), /Expecting label path/, 'parse-failed');
    refused(await ask(u1, `{ my_note { meta(path: "tags'] OR true --") } }`), /^parse json path error: /);
    refused(await ask(u1, '{ my_note { secret(path: "a") } }'), "field 'secret' not found in type: 'my_note'");
    const a = await ask(u1, '{ my_note(where: {folder: {_matches: "!!!"}}) { id } }');
    expect(a.data ?? null).toBeNull();
    expect(a.errors?.length).toBe(1);
  });
});

describe('a view Postgres cannot write through (note_count, an aggregate)', () => {
  it('has no mutation fields, for the admin either', async () => {
    const u1 = await user(1);
    expect(await ask(u1, '{ note_count { notes } }')).toEqual({ data: { note_count: [{ notes: '1' }] } });
    refused(await ask(u1, 'mutation { insert_note_count(objects: [{notes: 5}]) { affected_rows } }'), "field 'insert_note_count' not found in type: 'mutation_root'");
    for (const field of ['insert_note_count', 'update_note_count', 'delete_note_count']) {
      const a = await asAdmin(`mutation { ${field}(where: {}) { affected_rows } }`);
      expect(a.errors?.[0]?.message).toBe(`field '${field}' not found in type: 'mutation_root'`);
    }
  });
});

describe('tokens', () => {
  it('a forged token and a role without permissions on the view reach nothing', async () => {
    const forged = await engine.token('user', { 'x-hasura-user-id': '1' }, 'forged');
    refused(await ask(forged, 'mutation { delete_my_note(where: {}) { affected_rows } }'), /Could not verify JWT/, 'invalid-jwt');
    const stranger = await engine.token('stranger', { 'x-hasura-user-id': '1' });
    refused(await ask(stranger, 'mutation { delete_my_note(where: {}) { affected_rows } }'), 'no mutations exist');
    expect(await notes()).toHaveLength(2);
  });

  it('a write through the view with a token forged in any way changes nothing; the genuine one writes', async () => {
    await refusesForgedTokens(engine, 'user', { 'x-hasura-user-id': '1' }, 'mutation { update_my_note(where: {}, _set: {title: "forged"}) { affected_rows } }');
    // The genuine token renamed user 1's note only.
    expect((await notes()).map((n) => [n.owner_id, n.title === 'forged'])).toEqual([[1, true], [2, false]]);
  });
});
