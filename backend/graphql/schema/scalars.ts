// GraphQL scalars for Postgres types and the `<scalar>_comparison_exp` inputs of `where`.
import {
  GraphQLBoolean, GraphQLEnumType, GraphQLFloat, GraphQLInputObjectType, GraphQLInt, GraphQLList, GraphQLNonNull, GraphQLScalarType, GraphQLString,
  type GraphQLInputFieldConfigMap, type GraphQLInputType,
} from 'graphql';
import { pgScalarHooks } from '../request/coerce';
import { COLUMN_VALUE } from './info';

const BUILTIN: Record<string, GraphQLScalarType> = { Int: GraphQLInt, Float: GraphQLFloat, String: GraphQLString, Boolean: GraphQLBoolean };
const TEXT_SCALARS = new Set(['String', 'citext', 'bpchar', 'name']);

/** Scalars and comparison types of one role schema (graphql-js types must be unique per schema). */
export class ScalarRegistry {
  private scalars = new Map<string, GraphQLScalarType>();
  private comparisons = new Map<string, GraphQLInputObjectType>();
  private jsonbCast?: GraphQLInputObjectType;

  private enums = new Map<string, GraphQLEnumType>();

  /** Registers the enum type of a Hasura enum table (values = its rows). */
  defineEnum(name: string, values: { value: string; comment: string | null }[]): void {
    if (this.enums.has(name) || !values.length) return;
    this.enums.set(name, new GraphQLEnumType({
      name,
      values: Object.fromEntries(values.map((v) => [v.value, { value: v.value, description: v.comment ?? undefined }])),
    }));
  }

  scalar(name: string): GraphQLScalarType | GraphQLEnumType {
    const b = BUILTIN[name];
    if (b) return b;
    const e = this.enums.get(name);
    if (e) return e;
    const s = this.scalars.get(name);
    if (!s) {
      // Values are read as Hasura reads Postgres values: strings for most types, numbers for
      // numeric ones, any JSON only for json/jsonb (Postgres then parses the text).
      const made = new GraphQLScalarType({ name, serialize: (v) => v, ...pgScalarHooks(name) });
      this.scalars.set(name, made);
      return made;
    }
    return s;
  }

  comparison(name: string): GraphQLInputObjectType {
    let c = this.comparisons.get(name);
    if (c) return c;
    const s = this.scalar(name);
    const list = new GraphQLList(new GraphQLNonNull(s));
    if (this.enums.has(name)) {
      c = new GraphQLInputObjectType({
        name: `${name}_comparison_exp`,
        description: `Boolean expression to compare columns of type "${name}". All fields are combined with logical 'AND'.`,
        fields: { _eq: { type: s }, _in: { type: list }, _is_null: { type: GraphQLBoolean }, _neq: { type: s }, _nin: { type: list } },
      });
      this.comparisons.set(name, c);
      return c;
    }
    const col = COLUMN_VALUE;
    const fields: GraphQLInputFieldConfigMap = {
      _eq: { type: s, extensions: col }, _gt: { type: s, extensions: col }, _gte: { type: s, extensions: col }, _in: { type: list, extensions: col },
      _is_null: { type: GraphQLBoolean }, _lt: { type: s, extensions: col }, _lte: { type: s, extensions: col }, _neq: { type: s, extensions: col },
      _nin: { type: list, extensions: col },
    };
    if (TEXT_SCALARS.has(name)) {
      for (const op of ['_like', '_nlike', '_ilike', '_nilike', '_similar', '_nsimilar', '_regex', '_nregex', '_iregex', '_niregex']) {
        fields[op] = { type: GraphQLString };
      }
    }
    if (name === 'ltree') {
      // Hasura's ltree operators (Backends/Postgres/Instances/Schema.hs): paths, lquery, ltxtquery.
      const paths = new GraphQLList(new GraphQLNonNull(s));
      fields._ancestor = { type: s, description: 'is the left argument an ancestor of right (or equal)?' };
      fields._ancestor_any = { type: paths, description: 'does array contain an ancestor of `ltree`?' };
      fields._descendant = { type: s, description: 'is the left argument a descendant of right (or equal)?' };
      fields._descendant_any = { type: paths, description: 'does array contain a descendant of `ltree`?' };
      fields._matches = { type: this.scalar('lquery'), description: 'does `ltree` match `lquery`?' };
      fields._matches_any = { type: new GraphQLList(new GraphQLNonNull(GraphQLString)), description: 'does `ltree` match any `lquery` in array?' };
      fields._matches_fulltext = { type: this.scalar('ltxtquery'), description: 'does `ltree` match `ltxtquery`?' };
    }
    if (name === 'jsonb') {
      fields._cast = { type: this.jsonbCastExp() };
      fields._contained_in = { type: s };
      fields._contains = { type: s };
      fields._has_key = { type: GraphQLString };
      fields._has_keys_all = { type: new GraphQLList(new GraphQLNonNull(GraphQLString)) };
      fields._has_keys_any = { type: new GraphQLList(new GraphQLNonNull(GraphQLString)) };
    }
    c = new GraphQLInputObjectType({
      name: `${name}_comparison_exp`,
      description: `Boolean expression to compare columns of type "${name}". All fields are combined with logical 'AND'.`,
      fields: () => sortFields(fields),
    });
    this.comparisons.set(name, c);
    return c;
  }

  private jsonbCastExp(): GraphQLInputObjectType {
    this.jsonbCast ??= new GraphQLInputObjectType({ name: 'jsonb_cast_exp', fields: () => ({ String: { type: this.comparison('String') } }) });
    return this.jsonbCast;
  }
}

function sortFields<T>(o: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(o).sort(([a], [b]) => (a < b ? -1 : 1)));
}

export const nonNullList = (t: GraphQLInputType) => new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(t)));
