// Upserts by roles that may insert but not read the table, attacked with real access tokens.
// Hasura offers `on_conflict` on every table with a unique or primary key: DO NOTHING
// (`update_columns: []`) for anyone who may insert, updating only the columns the role's update
// permission lists, on rows its update filter allows, and nothing that reads what the role may not.
// Data: Hasura's class TestGraphqlInsertPermission (leads: role sales inserts id/name/added_by,
// updates name where added_by = X-Hasura-User-Id, no select permission; article: role restricted
// updates no column).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { askAs, refused, refusesForgedTokens, type Answer } from './attackClient';
import { startClassEngine, type ClassEngine } from './runner';

let engine: ClassEngine;
beforeAll(async () => {
  engine = await startClassEngine('TestGraphqlInsertPermission');
}, 120_000);
afterAll(async () => {
  await engine?.close();
});
beforeEach(async () => {
  await engine.reset();
});

const ask = (token: string, query: string) => askAs(engine, token, query);
const asAdmin = async (query: string) => (await engine.post({ query }, {})).body as Answer;
const leads = async () => (await asAdmin('{ leads(order_by: {id: asc}) { id name added_by } }')).data?.leads;
const upsertLead = (name: string, addedBy: string, rest = 'update_columns: [name]') =>
  `mutation { insert_leads(objects: [{id: 1, name: "${name}", added_by: "${addedBy}"}], on_conflict: {constraint: leads_pkey, ${rest}}) { affected_rows } }`;

describe('a role that may insert and update but not read (sales on leads)', () => {
  it('upserts its own lead, but another seller\'s upsert of it changes nothing', async () => {
    const s1 = await engine.token('sales', { 'x-hasura-user-id': 'sales 1' });
    const s2 = await engine.token('sales', { 'x-hasura-user-id': 'sales 2' });
    expect(await ask(s1, upsertLead('lead 1', 'sales 1'))).toEqual({ data: { insert_leads: { affected_rows: 1 } } });
    expect(await ask(s1, upsertLead('lead 1b', 'sales 1'))).toEqual({ data: { insert_leads: { affected_rows: 1 } } });
    // The update filter (added_by = the caller) keeps sales 2 off sales 1's row.
    expect(await ask(s2, upsertLead('taken over', 'sales 2'))).toEqual({ data: { insert_leads: { affected_rows: 0 } } });
    expect(await leads()).toEqual([{ id: 1, name: 'lead 1b', added_by: 'sales 1' }]);
  });

  it('cannot update a column its update permission leaves out, nor filter on what it cannot read', async () => {
    const s1 = await engine.token('sales', { 'x-hasura-user-id': 'sales 1' });
    await ask(s1, upsertLead('lead 1', 'sales 1'));
    const s2 = await engine.token('sales', { 'x-hasura-user-id': 'sales 2' });
    const ownerChange = await ask(s2, upsertLead('x', 'sales 2', 'update_columns: [added_by]'));
    expect(ownerChange.data ?? null).toBeNull();
    expect(ownerChange.errors?.[0]?.extensions.code).toBe('validation-failed');
    refused(await ask(s2, upsertLead('x', 'sales 2', 'update_columns: [name], where: {added_by: {_eq: "sales 1"}}')), "field 'added_by' not found in type: 'leads_bool_exp'");
    refused(await ask(s2, upsertLead('x', 'sales 2', 'update_columns: [name], where: {name: {_like: "%"}}')), "field 'name' not found in type: 'leads_bool_exp'");
    // No session variable for the update filter: refused, not run with an empty filter.
    refused(await ask(await engine.token('sales'), upsertLead('x', 'sales 1')), 'missing session variable: "x-hasura-user-id"', 'not-found');
    const forged = await engine.token('sales', { 'x-hasura-user-id': 'sales 1' }, 'forged');
    expect((await ask(forged, upsertLead('forged', 'sales 1'))).errors?.[0]?.extensions.code).toBe('invalid-jwt');
    expect(await leads()).toEqual([{ id: 1, name: 'lead 1', added_by: 'sales 1' }]);
  });

  it('an upsert with a forged token (another key, alg none, claims edited, expired, a role not allowed) changes nothing; the genuine one does', async () => {
    const s1 = await engine.token('sales', { 'x-hasura-user-id': 'sales 1' });
    await ask(s1, upsertLead('lead 1', 'sales 1'));
    await refusesForgedTokens(engine, 'sales', { 'x-hasura-user-id': 'sales 1' }, upsertLead('renamed', 'sales 1'));
    expect(await leads()).toEqual([{ id: 1, name: 'renamed', added_by: 'sales 1' }]);
  });
});

describe('a role that may insert but update no column (restricted on article)', () => {
  const upsert = (cols: string) => `mutation { insert_article(objects: [{id: 1, content: "overwritten", author_id: 1}], on_conflict: {constraint: article_pkey, update_columns: ${cols}}) { affected_rows } }`;

  it('may ask for DO NOTHING, which leaves the existing row as it was', async () => {
    const t = await engine.token('restricted', { 'x-hasura-user-id': '1' });
    expect(await ask(t, upsert('[]'))).toEqual({ data: { insert_article: { affected_rows: 0 } } });
    const a = await asAdmin('{ article_by_pk(id: 1) { content } }');
    expect(a.data?.article_by_pk).toEqual({ content: 'Sample article content' });
  });

  it('is refused the placeholder and every real column', async () => {
    const t = await engine.token('restricted', { 'x-hasura-user-id': '1' });
    refused(await ask(t, upsert('[_PLACEHOLDER]')), 'erroneous column name');
    const named = await ask(t, upsert('[content]'));
    expect(named.data ?? null).toBeNull();
    expect(named.errors?.[0]?.extensions.code).toBe('validation-failed');
    const a = await asAdmin('{ article_by_pk(id: 1) { content } }');
    expect(a.data?.article_by_pk).toEqual({ content: 'Sample article content' });
  });
});
