// Every GraphQL document in src/ is valid for every role whose screens run it: each operation file
// says so on a `# roles: ...` line, and the test validates the operations (with the fragments
// they spread) against each of those roles' schemas, built from nhost/ as the engine builds them.
// The admin schema accepts any column; an owner's does not, so a field an owner may not read fails
// here instead of in the owner's browser. The committed *.generated.ts files are checked here too
// (one schema build for both): a changed document, a renamed column or a document the schema
// rejects fails, and the generated types make `tsc` fail where the app reads a changed field.
import fs from 'node:fs';
import path from 'node:path';
import { Kind, parse, validate, visit, type ASTNode, type DefinitionNode, type DocumentNode, type FragmentDefinitionNode, type GraphQLSchema } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { projectSchemas, staleGeneratedFiles } from '../../../scripts/codegen';
import { freshDatabase } from '../../../tests/helpers/backend';

const SRC = path.resolve(__dirname, '../..');

interface DocumentFile {
  file: string;
  document: DocumentNode;
  roles: string[];
}

function graphqlFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return graphqlFiles(full);
    return entry.name.endsWith('.graphql') ? [full] : [];
  });
}

/** The roles line of a document file: `# roles: admin member manager`. */
export function rolesOf(source: string): string[] {
  const line = /^#\s*roles:\s*(.+)$/m.exec(source);
  return line ? line[1].split(/[\s,]+/).filter(Boolean) : [];
}

const files: DocumentFile[] = graphqlFiles(SRC).map((full) => {
  const source = fs.readFileSync(full, 'utf8');
  return { file: path.relative(SRC, full), document: parse(source), roles: rolesOf(source) };
});
const fragments = new Map<string, FragmentDefinitionNode>();
for (const { document } of files) for (const def of document.definitions) if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);

/** The file's operations plus every fragment they spread, directly or through other fragments. */
function withFragments(document: DocumentNode): DocumentNode {
  const operations = document.definitions.filter((def) => def.kind === Kind.OPERATION_DEFINITION);
  const needed = new Map<string, FragmentDefinitionNode>();
  const collect = (node: ASTNode): void => {
    visit(node, {
      FragmentSpread(spread) {
        const fragment = fragments.get(spread.name.value);
        if (fragment && !needed.has(spread.name.value)) {
          needed.set(spread.name.value, fragment);
          collect(fragment);
        }
      },
    });
  };
  operations.forEach(collect);
  return { kind: Kind.DOCUMENT, definitions: [...operations, ...needed.values()] as DefinitionNode[] };
}

const operationFiles = files.filter((f) => f.document.definitions.some((def) => def.kind === Kind.OPERATION_DEFINITION));
const allRoles = [...new Set(['admin', ...operationFiles.flatMap((f) => f.roles)])].sort();
let schemas = new Map<string, GraphQLSchema>();

beforeAll(async () => {
  // On the migrated database's cached snapshot: the same migrations, without initdb and their run.
  schemas = await projectSchemas(allRoles, (projectDir) => freshDatabase(projectDir, false));
}, 120_000);

describe('GraphQL documents in src/', () => {
  it('are found', () => {
    expect(operationFiles.length).toBeGreaterThan(30);
  });

  it.each(operationFiles.map((f) => [f.file, f] as const))('%s names the roles that run it', (_file, { roles }) => {
    expect(roles.length, 'add a line "# roles: <role> <role> ..." naming every role whose pages run these operations').toBeGreaterThan(0);
  });

  it.each(operationFiles.map((f) => [f.file, f] as const))('%s is valid for each of its roles', (_file, { document, roles }) => {
    const full = withFragments(document);
    const problems = roles.flatMap((role) => {
      const schema = schemas.get(role);
      if (!schema) return [`${role}: no such role`];
      return validate(schema, full).map((error) => `${role}: ${error.message}`);
    });
    expect(problems).toEqual([]);
  });
});

describe('generated GraphQL types', () => {
  it('match a fresh generation from the schema (run `npm run codegen` when this fails)', async () => {
    expect(await staleGeneratedFiles(schemas.get('admin'))).toEqual([]);
  }, 120_000);
});
