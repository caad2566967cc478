import { describe, expect, it } from 'vitest';
import { GqlError } from '../errors';
import { testModel } from '../__fixtures__/model';
import type { Table } from '../model';
import { compileBoolExp } from './boolexp';
import { CompileContext } from './context';

const model = testModel();
const posts = model.tables.get('public.posts') as Table;
const users = model.tables.get('public.users') as Table;
const ctxFor = (session: Record<string, string> = {}, role = 'user') => new CompileContext(model, role, session);

describe('boolean expressions', () => {
  it('binds every value as a parameter cast to the column type; nothing user-given reaches the SQL text', () => {
    const ctx = ctxFor();
    const evil = `'); DROP TABLE posts; --`;
    const sql = compileBoolExp(ctx, posts, '"p"', { title: { _eq: evil, _like: evil }, likes: { _gt: 3 } }, 'where');
    expect(sql).not.toContain('DROP');
    expect(sql).toBe(`("p"."title" = $1::text AND "p"."title" LIKE $2::text) AND ("p"."likes" > $3::bigint)`);
    expect(ctx.params).toEqual([evil, evil, '3']);
  });

  it('quotes identifiers, including custom-named columns with quotes in their SQL name', () => {
    const ctx = ctxFor();
    expect(compileBoolExp(ctx, users, '"u"', { oddCol: { _is_null: true } }, 'where')).toBe(`("u"."odd ""col" IS NULL)`);
  });

  it('reads session variables case-insensitively, $-prefixed operators and shorthand equality in permissions', () => {
    const ctx = ctxFor({ 'x-hasura-user-id': 'u-1' });
    const sql = compileBoolExp(ctx, posts, '"p"', { $or: [{ owner_id: 'x-hasura-USER-id' }, { likes: { $gt: 10 } }] }, 'permission');
    expect(sql).toBe(`(((("p"."owner_id" = $1::uuid)) OR (("p"."likes" > $2::bigint))))`);
    expect(ctx.params).toEqual(['u-1', '10']);
    expect([...ctx.usedSession]).toEqual(['x-hasura-user-id']);
  });

  it('fails with not-found when a permission needs a session variable the request lacks', () => {
    const ctx = ctxFor({});
    try {
      compileBoolExp(ctx, posts, '"p"', { owner_id: { _eq: 'X-Hasura-User-Id' } }, 'permission');
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(GqlError);
      expect((e as GqlError).toJSON()).toEqual({ message: 'missing session variable: "x-hasura-user-id"', extensions: { path: '$', code: 'not-found' } });
    }
  });

  it('treats empty _in as false, empty _nin and {} as true, and an array session variable as a Postgres array', () => {
    const ctx = ctxFor({ 'x-hasura-names': '{a,b}' });
    expect(compileBoolExp(ctx, posts, '"p"', { id: { _in: [] } }, 'where')).toBe('(false)');
    expect(compileBoolExp(ctx, posts, '"p"', { id: { _nin: [] } }, 'where')).toBe('(true)');
    expect(compileBoolExp(ctx, posts, '"p"', {}, 'where')).toBe('true');
    const exists = compileBoolExp(ctx, posts, '"p"', { _exists: { _table: { schema: 'public', name: 'users' }, _where: { name: { _in: 'X-Hasura-Names' } } } }, 'permission');
    expect(exists).toMatch(/^\(EXISTS \(SELECT 1 FROM "public"."users" AS "_e\d+" WHERE \("_e\d+"."name" = ANY\(\$1::text\[\]\)\)\)\)$/);
    expect(ctx.params).toEqual(['{a,b}']);
  });

  it('filters through relationships with the remote table permission applied (where) or not (permission)', () => {
    const ctx = ctxFor({ 'x-hasura-user-id': 'u-1' });
    const viaWhere = compileBoolExp(ctx, posts, '"p"', { owner: { name: { _eq: 'Ann' } } }, 'where');
    expect(viaWhere).toContain('EXISTS (SELECT 1 FROM "public"."users"');
    expect(viaWhere).toContain('"name" = $2::text');
    expect(ctx.params).toEqual(['u-1', 'Ann']);
    const viaPerm = ctxFor({});
    compileBoolExp(viaPerm, posts, '"p"', { owner: { name: { _eq: 'Ann' } } }, 'permission');
    expect(viaPerm.params).toEqual(['Ann']);
  });

  it('rejects unknown operators with Hasura\'s message and null operands', () => {
    expect(() => compileBoolExp(ctxFor(), posts, '"p"', { title: { _ne: 'x' } }, 'where')).toThrow(`field '_ne' not found in type: 'String_comparison_exp'`);
    expect(() => compileBoolExp(ctxFor(), posts, '"p"', { title: { _eq: null } }, 'where')).toThrow("unexpected null value for type 'String'");
  });
});
