// One GraphQL type printed as Hasura prints it inside its "conflicting definitions" error
// (graphql-parser Language/GraphQL/Draft/Printer.hs typeDefinitionP): fields, input fields and
// enum values sorted as the printer's derived Ord sorts them (description first, then name),
// arguments in their own order, a description as a JSON string followed by " \n".
import {
  astFromValue, isEnumType, isInputObjectType, isObjectType, isSpecifiedScalarType, print,
  type GraphQLArgument, type GraphQLField, type GraphQLInputField, type GraphQLNamedType,
} from 'graphql';

/** Printer.hs dispatchStringPrinter: a block string only for an indented multi-line text. */
function description(d: string | null | undefined): string {
  if (d === null || d === undefined) return '';
  const lines = d.split('\n');
  const block = lines.length > 1
    // eslint-disable-next-line no-control-regex
    && !/[\u0000-\u001f\u007f-\u009f]/.test(d.replace(/\n/g, ''))
    && !/^[ \t]*$/.test(lines[lines.length - 1])
    && !lines.slice(1).some((l) => l !== '' && l[0] !== ' ' && l[0] !== '\t')
    && !d.includes('"""');
  return `${block ? `"""\n${d}\n"""` : JSON.stringify(d)} \n`;
}

/** Nothing before Just, then by text; then by name. */
function byDescriptionThenName<T extends { name: string; description?: string | null }>(items: readonly T[]): T[] {
  const key = (x: T) => [x.description == null ? 0 : 1, x.description ?? '', x.name] as const;
  return [...items].sort((a, b) => {
    const [ka, kb] = [key(a), key(b)];
    for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i]) return ka[i] < kb[i] ? -1 : 1;
    return 0;
  });
}

function inputValue(v: GraphQLArgument | GraphQLInputField): string {
  const dflt = v.defaultValue === undefined ? null : astFromValue(v.defaultValue, v.type);
  return `${description(v.description)}${v.name}: ${String(v.type)}${dflt ? ` = ${print(dflt)}` : ''}`;
}

function field(f: GraphQLField<unknown, unknown>): string {
  const args = f.args.length ? `(${f.args.map(inputValue).join(', ')})` : '';
  return `${description(f.description)}${f.name}${args}: ${String(f.type)}`;
}

export function printHasuraType(t: GraphQLNamedType): string {
  if (isObjectType(t)) {
    return `${description(t.description)}type ${t.name} { ${byDescriptionThenName(Object.values(t.getFields())).map(field).join('\n  ')}\n}`;
  }
  if (isInputObjectType(t)) {
    return `${description(t.description)}input ${t.name} {${byDescriptionThenName(Object.values(t.getFields())).map(inputValue).join('\n  ')}\n}`;
  }
  if (isEnumType(t)) {
    return `${description(t.description)}enum ${t.name} {${byDescriptionThenName(t.getValues()).map((v) => `${description(v.description)}${v.name} `).join('\n  ')}\n}`;
  }
  // Hasura's own Int, Float, String and Boolean carry no description; graphql-js's do.
  return `${isSpecifiedScalarType(t) ? '' : description(t.description)}scalar ${t.name}`;
}
