// The price-rule operations on the real embedded backend with real tokens: the office saves and
// assigns; managers, communicators, owners and cleaners are refused; a taken name comes back as
// the constraint the form explains; owners read only the rules on their own rates.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { print } from 'graphql';
import type { RunningBackend } from '../../../../backend/server';
import { startTestBackend } from '../../../../tests/helpers/backend';
import { DEMO, makeClient, type Caller, type Client } from '../../../../tests/integration/permissionsClient';
import { constraintName } from '@/domain/uniqueness';
import { AssignerRatesDocument } from './assignerRates.generated';
import { DeletePriceRuleDocument } from './deletePriceRule.generated';
import { PriceRulesDocument } from './priceRules.generated';
import { SetRuleAssignmentsDocument } from './setRuleAssignments.generated';
import { UpsertPriceRuleDocument } from './upsertPriceRule.generated';

const UPSERT = print(UpsertPriceRuleDocument);
const ASSIGN = print(SetRuleAssignmentsDocument);
const DELETE = print(DeletePriceRuleDocument);
const LIST = print(PriceRulesDocument);
const RATES = print(AssignerRatesDocument);
const as = (role: string, userId: string): Caller => ({ role, userId });
const MEMBER = as('member', DEMO.member);
const rule = (name: string) => ({ name, type: 'simple', priority: 3, conditions: [{ field: 'weekday', op: 'in', value: [5, 6] }], results: { type: 'PERCENT', value: 10 }, is_active: true });

let backend: RunningBackend;
let client: Client;

beforeAll(async () => {
  backend = await startTestBackend({ applySeeds: true });
  client = makeClient(backend);
}, 120_000);
afterAll(async () => backend?.close());

describe('price rules', () => {
  it('the office saves, assigns and deletes a rule', async () => {
    const saved = await client.data<{ insert_price_rules_one: { id: string } }>(MEMBER, UPSERT, { object: rule('Test weekend') });
    const id = saved.insert_price_rules_one.id;
    const rates = await client.data<{ rates: { id: string }[] }>(MEMBER, RATES, { from: '2026-02-01', to: '2026-03-01' });
    const [a, b] = rates.rates.map((r) => r.id);
    await client.data(MEMBER, ASSIGN, { ruleId: id, add: [{ price_rule_id: id, rate_id: a }, { price_rule_id: id, rate_id: b }], remove: [] });
    // Adding one twice is harmless; removing and adding in one call applies both.
    await client.data(MEMBER, ASSIGN, { ruleId: id, add: [{ price_rule_id: id, rate_id: a }], remove: [b] });
    const list = await client.data<{ price_rules: { id: string; price_rule_assignments: { rate_id: string }[] }[] }>(MEMBER, LIST);
    expect(list.price_rules.find((r) => r.id === id)?.price_rule_assignments.map((x) => x.rate_id)).toEqual([a]);
    await client.data(MEMBER, DELETE, { id });
    const left = await client.data<{ price_rule_assignments: unknown[] }>('admin-secret', `{ price_rule_assignments(where: {price_rule_id: {_eq: "${id}"}}) { rate_id } }`);
    expect(left.price_rule_assignments).toEqual([]);
  });

  it('refuses everyone else the writes', async () => {
    const existing = await client.data<{ price_rules: { id: string }[] }>(MEMBER, LIST);
    const ruleId = existing.price_rules[0].id;
    const rates = await client.data<{ rates: { id: string }[] }>('admin-secret', '{ rates(limit: 1) { id } }');
    for (const [role, userId] of [['manager', DEMO.manager], ['communicator', DEMO.communicator], ['owner', DEMO.owner], ['cleaner', DEMO.cleaner], ['inspector', DEMO.inspector]] as const) {
      const caller = as(role, userId);
      for (const [query, variables] of [
        [UPSERT, { object: rule(`By ${role}`) }],
        [UPSERT, { object: { ...rule('Renamed'), id: ruleId } }],
        // Managers may assign (next test), but only the office's rules to their own rates.
        ...(role === 'manager' ? [] : [[ASSIGN, { ruleId, add: [{ price_rule_id: ruleId, rate_id: rates.rates[0].id }], remove: [] }] as const]),
        [DELETE, { id: ruleId }],
      ] as const) {
        const r = await client.gql(caller, query, variables);
        expect(r.errors?.[0]?.extensions.code, `${role} ${query.slice(0, 40)}`).toBe('validation-failed');
      }
    }
    expect((await client.gql('public', LIST)).errors?.[0]?.extensions.code).toBe('validation-failed');
    const after = await client.data<{ price_rules: { id: string; name: string }[] }>('admin-secret', '{ price_rules { id name } }');
    expect(after.price_rules.map((r) => r.name)).not.toContain('Renamed');
    expect(after.price_rules.some((r) => r.name.startsWith('By '))).toBe(false);
  });

  it('lets managers assign and unassign rules on the rates they manage, and nowhere else', async () => {
    const MANAGER = as('manager', DEMO.manager);
    const saved = await client.data<{ insert_price_rules_one: { id: string } }>(MEMBER, UPSERT, { object: rule('Manager assignable') });
    const ruleId = saved.insert_price_rules_one.id;
    const own = (await client.data<{ rates: { id: string }[] }>(MANAGER, RATES, { from: '2026-02-01', to: '2026-03-01' })).rates.map((r) => r.id);
    expect(own.length).toBeGreaterThan(0);
    const all = (await client.data<{ rates: { id: string }[] }>('admin-secret', '{ rates { id } }')).rates.map((r) => r.id);
    const foreign = all.filter((id) => !own.includes(id));
    expect(foreign.length).toBeGreaterThan(0);
    const assigned = async () => (await client.data<{ price_rule_assignments: { rate_id: string }[] }>('admin-secret', `{ price_rule_assignments(where: {price_rule_id: {_eq: "${ruleId}"}}) { rate_id } }`)).price_rule_assignments.map((a) => a.rate_id).sort();

    await client.data(MANAGER, ASSIGN, { ruleId, add: [{ price_rule_id: ruleId, rate_id: own[0] }], remove: [] });
    expect(await assigned()).toEqual([own[0]]);

    // Another manager's rate: the whole call is refused, the own rate in the same batch included.
    const mixed = await client.gql(MANAGER, ASSIGN, { ruleId, add: [{ price_rule_id: ruleId, rate_id: own[own.length - 1] }, { price_rule_id: ruleId, rate_id: foreign[0] }], remove: [] });
    expect(mixed.errors?.[0]?.extensions.code).toBe('permission-error');
    expect(await assigned()).toEqual([own[0]]);

    // The office's assignment on a foreign rate cannot be removed, nor moved onto it by an update.
    await client.data(MEMBER, ASSIGN, { ruleId, add: [{ price_rule_id: ruleId, rate_id: foreign[0] }], remove: [] });
    const removed = await client.data<{ delete_price_rule_assignments: { affected_rows: number } }>(MANAGER, ASSIGN, { ruleId, add: [], remove: [foreign[0], own[0]] });
    expect(removed.delete_price_rule_assignments.affected_rows).toBe(1);
    expect(await assigned()).toEqual([foreign[0]]);
    await client.data(MANAGER, ASSIGN, { ruleId, add: [{ price_rule_id: ruleId, rate_id: own[0] }], remove: [] });
    const moved = await client.gql(MANAGER, `mutation { update_price_rule_assignments(where: {price_rule_id: {_eq: "${ruleId}"}}, _set: {rate_id: "${foreign[1] ?? foreign[0]}"}) { affected_rows } }`);
    expect(moved.errors?.[0]?.extensions.code ?? 'none').not.toBe('none');
    expect(await assigned()).toEqual([foreign[0], own[0]].sort());

    // Wrong types and a column managers may not set are refused too.
    expect((await client.gql(MANAGER, ASSIGN, { ruleId, add: [{ price_rule_id: ruleId, rate_id: 'not-a-uuid' }], remove: [] })).errors).toBeDefined();
    expect((await client.gql(MANAGER, ASSIGN, { ruleId, add: [{ price_rule_id: ruleId, rate_id: own[0], created_at: '2020-01-01' }], remove: [] })).errors).toBeDefined();
    await client.data(MEMBER, DELETE, { id: ruleId });
  });

  it('answers a taken name with price_rules_name_key and wrong types with an error', async () => {
    const existing = await client.data<{ price_rules: { name: string }[] }>(MEMBER, LIST);
    const taken = await client.gql(MEMBER, UPSERT, { object: rule(existing.price_rules[0].name) });
    expect(constraintName(taken.errors![0] as never)).toBe('price_rules_name_key');
    const wrong = [
      { ...rule('Bad type'), type: 'fancy' },
      { ...rule('Bad conditions'), conditions: { field: 'weekday' } },
      { ...rule('Bad priority'), priority: 'high' },
      { ...rule('Bad results'), results: [1, 2] },
    ];
    for (const object of wrong) expect((await client.gql(MEMBER, UPSERT, { object })).errors, object.name).toBeDefined();
  });

  it('lets owners read only the rules priced into their own rates', async () => {
    const own = await client.data<{ price_rules: { id: string }[] }>('admin-secret', `{ price_rules(where: {price_rule_assignments: {rate: {unit: {accommodation: {owner: {user_id: {_eq: "${DEMO.owner}"}}}}}}}) { id } }`);
    const seen = await client.data<{ price_rules: { id: string }[] }>(as('owner', DEMO.owner), '{ price_rules { id } }');
    expect(seen.price_rules.map((r) => r.id).sort()).toEqual(own.price_rules.map((r) => r.id).sort());
    const key = (rows: { price_rule_id: string; rate_id: string }[]) => rows.map((r) => `${r.price_rule_id}|${r.rate_id}`).sort();
    const owned = await client.data<{ price_rule_assignments: { price_rule_id: string; rate_id: string }[] }>('admin-secret', `{ price_rule_assignments(where: {rate: {unit: {accommodation: {owner: {user_id: {_eq: "${DEMO.owner2}"}}}}}}) { price_rule_id rate_id } }`);
    const read = await client.data<{ price_rule_assignments: { price_rule_id: string; rate_id: string }[] }>(as('owner', DEMO.owner2), '{ price_rule_assignments { price_rule_id rate_id } }');
    expect(key(read.price_rule_assignments)).toEqual(key(owned.price_rule_assignments));
    const all = await client.data<{ price_rule_assignments: unknown[] }>('admin-secret', '{ price_rule_assignments { rate_id } }');
    expect(read.price_rule_assignments.length).toBeLessThan(all.price_rule_assignments.length);
  });
});
