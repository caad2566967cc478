// Two GraphQL types with one name, refused when the metadata loads. A custom table name can make
// one table's type name another's (a table custom-named `posts_bool_exp` beside `posts`, or
// `bigint` beside a bigint column): graphql-js then refuses every role's schema on every request.
// Hasura refuses such metadata while it builds the schema (GraphQL/Schema.hs buildRoleContext ->
// throwOnConflictingDefinitions; schema-parsers Schema/Collect.hs collectTypeDefinitions), with
// "Found conflicting definitions for GraphQL type ...". Building the admin schema costs ~0.5 s of
// CPU, so it is built only when the names the model can generate already collide.
import {
  SchemaMetaFieldDef, TypeMetaFieldDef, getNamedType, isEnumType, isInputObjectType, isObjectType, isScalarType,
  type GraphQLField, type GraphQLNamedType, type GraphQLObjectType,
} from 'graphql';
import { MetadataError } from '../metadata';
import { ADMIN, type Model } from '../model';
import { predictedTypeNames } from '../typeNames';
import { RoleSchemaBuilder } from './build';
import { printHasuraType } from './printHasura';

/** Hasura's equality of two definitions with one name (Schema/Definition.hs eqTypeInfo): the
 *  kind, and the names of the fields or values (not their types: it cannot recurse). */
function hasuraEqual(a: GraphQLNamedType, b: GraphQLNamedType): boolean {
  const names = (xs: readonly { name: string }[]) => xs.map((x) => x.name).sort().join('\n');
  if (isScalarType(a) && isScalarType(b)) return true;
  if (isEnumType(a) && isEnumType(b)) return names(a.getValues()) === names(b.getValues());
  if ((isObjectType(a) && isObjectType(b)) || (isInputObjectType(a) && isInputObjectType(b))) {
    return names(Object.values(a.getFields())) === names(Object.values(b.getFields()));
  }
  return false;
}

interface Seen { type: GraphQLNamedType; origins: string[] }

/**
 * Hasura's walk (collectTypeDefinitions over query_root, mutation_root, subscription_root): each
 * type once, its fields by name, a field's arguments before its type; the path of field and
 * argument names to every sighting, latest first. Returns the engine's duplicates that Hasura
 * counts as one definition.
 */
function collect(roots: (GraphQLObjectType | undefined)[]): [GraphQLNamedType, GraphQLNamedType][] {
  const seen = new Map<string, Seen>();
  const sameNamed: [GraphQLNamedType, GraphQLNamedType][] = [];
  const visit = (type: GraphQLNamedType, stack: string[]) => {
    const old = seen.get(type.name);
    if (old) {
      if (old.type !== type && !hasuraEqual(old.type, type)) throw conflict(type, stack, old);
      if (old.type !== type) sameNamed.push([old.type, type]);
      old.origins.unshift(stack.join('.'));
      return;
    }
    seen.set(type.name, { type, origins: [stack.join('.')] });
    const inner = stack.length ? stack : [type.name];
    if (isObjectType(type)) {
      const fields: GraphQLField<unknown, unknown>[] = Object.values(type.getFields());
      // Hasura's query_root holds the introspection fields too.
      if (type.name === 'query_root') fields.push(SchemaMetaFieldDef, TypeMetaFieldDef);
      for (const f of fields.sort((a, b) => (a.name < b.name ? -1 : 1))) {
        for (const arg of f.args) visit(getNamedType(arg.type), [...inner, f.name, arg.name]);
        visit(getNamedType(f.type), [...inner, f.name]);
      }
    } else if (isInputObjectType(type)) {
      for (const f of Object.values(type.getFields()).sort((a, b) => (a.name < b.name ? -1 : 1))) visit(getNamedType(f.type), [...inner, f.name]);
    }
  };
  for (const root of roots) if (root) visit(root, []);
  return sameNamed;
}

function conflict(type: GraphQLNamedType, stack: string[], old: Seen): MetadataError {
  return new MetadataError(
    `Found conflicting definitions for GraphQL type '${type.name}'.  The definition at ${stack.join('.')} differs from the definitions at [${old.origins.join(', ')}].`
    + `\nFormer has definition:\n${printHasuraType(type)}\nLatter has definition:\n${printHasuraType(old.type)}`,
  );
}

export function checkTypeConflicts(model: Model): void {
  const collides = [...predictedTypeNames(model).values()].some((owners) => owners.length > 1);
  if (!collides) return;
  const { query, mutation, subscription } = new RoleSchemaBuilder(model, ADMIN, false).roots();
  const sameNamed = collect([query, mutation, subscription]);
  if (!sameNamed.length) return;
  // Hasura serves one of two definitions whose field names agree; graphql-js cannot serve two
  // types with one name, so the engine refuses them (a deliberate difference, conformance README).
  const [a] = sameNamed[0];
  throw new MetadataError(`GraphQL type '${a.name}' is made twice, with the same field names: Hasura serves one definition for both, the engine cannot serve two types with one name. Give one of the tables another custom name`);
}
