// Reading variables and literals by their types: Postgres scalars as Hasura's parsePGValue reads
// them, and variables only where their declared type may stand (Hasura's test vectors,
// server/tests-py/queries/graphql_validation/variable_type_mismatch.yaml).
import {
  GraphQLInputObjectType, GraphQLInt, GraphQLList, GraphQLNonNull, GraphQLString, Kind, parse,
  type FieldNode, type OperationDefinitionNode, type ValueNode,
} from 'graphql';
import { describe, expect, it } from 'vitest';
import { GqlError } from '../errors';
import { ScalarRegistry } from '../schema/scalars';
import { coerceLiteral, rowCountLiteral, Variables, type VariableDef } from './coerce';
import { NumericLiteral } from './numericLiteral';
import { parsePgScalar } from './pgScalars';

const OBJECT = { defaultRole: 'admin' };

/** The value of the first argument of the first field of a query document. */
function firstArgument(query: string): ValueNode {
  const op = parse(query).definitions[0] as OperationDefinitionNode;
  return (op.selectionSet.selections[0] as FieldNode).arguments![0].value;
}

describe('Postgres scalars read from JSON', () => {
  const cases: [string, unknown[], unknown[]][] = [
    // [scalar, accepted, refused]
    ['uuid', ['00000000-0000-4000-a000-000000000001', 'not-a-uuid-postgres-decides'], [OBJECT, [1], true, 5]],
    ['timestamptz', ['2026-01-01T00:00:00Z'], [OBJECT, ['2026-01-01'], false, 1700000000]],
    ['date', ['2026-01-01'], [OBJECT, [], true, 20260101]],
    ['citext', ['Anna'], [OBJECT, ['a'], true, 1]],
    ['bpchar', ['HU'], [OBJECT, 1]],
    ['interval', ['1 day'], [OBJECT, 86400]],
    ['numeric', [1.5, '1.50', 0], [OBJECT, [1], true]],
    ['float8', [1.5, '2'], [OBJECT, false]],
    ['bigint', [1, '9223372036854775807', -5], [OBJECT, [1], true, 1.5]],
    ['smallint', [1, 32767], [OBJECT, 32768, 1.5]],
    ['jsonb', [OBJECT, [1, 2], 'text', 1, true], []],
    ['json', [OBJECT, [1]], []],
    ['_text', [['a', 'b'], '{a,b}', [['a'], ['b']]], [OBJECT, true, [OBJECT]]],
    ['_uuid', [['00000000-0000-4000-a000-000000000001']], [[OBJECT], 3]],
  ];
  for (const [scalar, ok, bad] of cases) {
    it(`${scalar}: ${ok.length} accepted, ${bad.length} refused`, () => {
      for (const v of ok) expect(() => parsePgScalar(scalar, v), JSON.stringify(v)).not.toThrow();
      for (const v of bad) {
        let err: unknown;
        try {
          parsePgScalar(scalar, v);
        } catch (e) {
          err = e;
        }
        expect(err, `${scalar} ${JSON.stringify(v)}`).toBeInstanceOf(GqlError);
        expect((err as GqlError).code).toBe('parse-failed');
      }
    });
  }

  it('keeps numeric literals as written and checks integer ranges', () => {
    expect(parsePgScalar('numeric', new NumericLiteral('12345678901234567890.123'))).toEqual(new NumericLiteral('12345678901234567890.123'));
    // Hasura's scientificToInteger text, the number written as Haskell shows it.
    expect(() => parsePgScalar('bigint', new NumericLiteral('9223372036854775808'))).toThrow('The value 9.223372036854775808e18 lies outside the bounds or is not an integer. Maybe it is a float, or is there integer overflow?');
    expect(() => parsePgScalar('smallint', 32768)).toThrow('The value 32768.0 lies outside the bounds or is not an integer. Maybe it is a float, or is there integer overflow?');
    expect(() => parsePgScalar('uuid', new NumericLiteral('1'))).toThrow('A string is expected for type: uuid');
  });
});

describe('variables are read where they are used, with their declared type checked first', () => {
  const reg = new ScalarRegistry();
  const uuid = reg.scalar('uuid');
  const setInput = new GraphQLInputObjectType({ name: 'users_set_input', fields: { displayName: { type: GraphQLString } } });
  const insertInput = new GraphQLInputObjectType({ name: 'author_insert_input', fields: { name: { type: GraphQLString } } });

  function vars(defs: Partial<VariableDef>[], raw: Record<string, unknown>): Variables {
    return new Variables(new Map(defs.map((d) => [d.name!, { hasValue: d.name! in raw, value: raw[d.name!], hasNonNullDefault: false, typeNode: undefined as never, ...d } as VariableDef])), raw);
  }
  const variable = (name: string) => ({ kind: Kind.VARIABLE, name: { kind: Kind.NAME, value: name } }) as const;
  const message = (f: () => unknown) => {
    try {
      f();
    } catch (e) {
      return (e as GqlError).message;
    }
    return 'accepted';
  };

  it('refuses a variable whose declared type is not the position type, whatever its value', () => {
    const v = vars([{ name: 's', type: uuid }], { s: OBJECT });
    expect(message(() => coerceLiteral(setInput, variable('s'), v, '_set', '$'))).toBe(`variable 's' is declared as 'uuid', but used where 'users_set_input' is expected`);
    const i = vars([{ name: 'i', type: GraphQLInt }], { i: 42 });
    expect(message(() => coerceLiteral(reg.scalar('Float'), variable('i'), i, 'f', '$'))).toBe(`variable 'i' is declared as 'Int', but used where 'Float' is expected`);
    const n = vars([{ name: 'name', type: new GraphQLNonNull(GraphQLInt) }], { name: 'foo' });
    expect(message(() => coerceLiteral(GraphQLString, variable('name'), n, 'name', '$'))).toBe(`variable 'name' is declared as 'Int!', but used where 'String' is expected`);
  });

  it('nullable variable at a non-null position: refused, unless it has a non-null default or the position has a default', () => {
    const nonNull = new GraphQLNonNull(insertInput);
    const plain = vars([{ name: 'author', type: insertInput }], { author: { name: 'baz' } });
    expect(message(() => coerceLiteral(nonNull, variable('author'), plain, 'object', '$'))).toBe(`variable 'author' is declared as 'author_insert_input', but used where 'author_insert_input!' is expected`);
    const withDefault = vars([{ name: 'author', type: insertInput, hasNonNullDefault: true }], { author: { name: 'baz' } });
    expect(coerceLiteral(nonNull, variable('author'), withDefault, 'object', '$')).toEqual({ name: 'baz' });
    expect(coerceLiteral(nonNull, variable('author'), plain, 'object', '$', 0, true)).toEqual({ name: 'baz' });
  });

  it('reads the value with the position type: a list position gets a list, a scalar refuses objects', () => {
    const list = new GraphQLList(new GraphQLNonNull(uuid));
    const v = vars([{ name: 'ids', type: list }], { ids: ['00000000-0000-4000-a000-000000000001', OBJECT] });
    expect(message(() => coerceLiteral(list, variable('ids'), v, '_in', '$'))).toMatch(/A string is expected for type: uuid/);
  });

  it('refuses objects for non-json scalars in literals too, and fields given twice', () => {
    const arg = firstArgument('{ f(a: {displayName: "x", displayName: "y"}) }');
    expect(message(() => coerceLiteral(setInput, arg, vars([], {}), 'a', '$'))).toBe('the field "displayName" is given more than once');
    const objectLiteral = firstArgument('{ f(a: {x: 1}) }');
    expect(message(() => coerceLiteral(uuid, objectLiteral, vars([], {}), 'a', '$'))).toBe('A string is expected for type: uuid');
    expect(coerceLiteral(reg.scalar('jsonb'), objectLiteral, vars([], {}), 'a', '$')).toEqual({ x: 1 });
  });
});

describe('limit and offset literals, as Hasura reads them', () => {
  const lit = (src: string): ValueNode => {
    const op = parse(`{ a(x: ${src}) }`).definitions[0] as OperationDefinitionNode;
    return ((op.selectionSet.selections[0] as FieldNode).arguments ?? [])[0].value;
  };
  const fails = (f: () => unknown) => {
    try {
      f();
    } catch (e) {
      return (e as GqlError).message;
    }
    return 'accepted';
  };

  it('limit: a non-negative 32-bit integer only', () => {
    expect(rowCountLiteral('limit', lit('3'), '$')).toBe(3);
    expect(rowCountLiteral('limit', lit('null'), '$')).toBeNull();
    expect(rowCountLiteral('limit', lit('$v'), '$')).toBeUndefined();
    expect(fails(() => rowCountLiteral('limit', lit('"3"'), '$'))).toBe("expected a non-negative 32-bit integer for type 'Int', but found a string");
    expect(fails(() => rowCountLiteral('limit', lit('-1'), '$'))).toBe("expected a non-negative 32-bit integer for type 'Int', but found an integer");
    expect(fails(() => rowCountLiteral('limit', lit('2147483648'), '$'))).toBe("expected a non-negative 32-bit integer for type 'Int', but found an integer");
    expect(fails(() => rowCountLiteral('limit', lit('1.5'), '$'))).toBe("expected a non-negative 32-bit integer for type 'Int', but found a float");
  });

  it('offset: an integer, also as a decimal string; nothing else', () => {
    expect(rowCountLiteral('offset', lit('"12"'), '$')).toBe(12);
    expect(rowCountLiteral('offset', lit('7'), '$')).toBe(7);
    expect(fails(() => rowCountLiteral('offset', lit('"1; DROP TABLE x"'), '$'))).toBe("expected a 32-bit integer, or a 64-bit integer represented as a string for type 'Int', but found a string");
    expect(fails(() => rowCountLiteral('offset', lit('"99999999999999999999"'), '$'))).toContain('but found a string');
    expect(fails(() => rowCountLiteral('offset', lit('{a: 1}'), '$'))).toContain('but found an object');
  });
});
