// `npm run codegen`: prints the admin role's schema from the project's own nhost/ folder (no
// server: an in-memory database with the migrations) and generates the typed documents of every
// src/**/*.graphql file. `npm run codegen -- --check` writes nothing and fails when a generated
// file is missing, stale or left over (src/lib/graphql/documents.test.ts runs the same check).
import fs from 'node:fs';
import path from 'node:path';
import { generate } from '@graphql-codegen/cli';
import { printSchema, type GraphQLSchema } from 'graphql';
import { loadConfig } from '../backend/config';
import { migrate, openDb, type Db } from '../backend/db';
import { engineOptions, loadModel } from '../backend/graphql';
import { Executor } from '../backend/graphql/execute';
import codegenConfig, { SCHEMA_FILE } from '../codegen';
import { writeFunctionEmails } from './function-emails';

const ROOT = path.resolve(__dirname, '..');

/**
 * The GraphQL schema each role sees, built from nhost/ migrations and metadata. `migrated` opens
 * a database the project's migrations have already run on (tests pass their cached snapshot,
 * tests/helpers/backend.ts freshDatabase, instead of a ~10 s-CPU initdb and migration run).
 */
export async function projectSchemas(roles: readonly string[], migrated?: (projectDir: string) => Promise<Db>): Promise<Map<string, GraphQLSchema>> {
  const config = loadConfig({}, { ...process.env, PORT: '0' });
  const db = migrated ? await migrated(config.projectDir) : await openDb({});
  try {
    if (!migrated) await migrate(db, { projectDir: config.projectDir, applySeeds: false });
    const executor = new Executor(await loadModel(db, config.projectDir, engineOptions()), db);
    return new Map(roles.map((role) => [role, executor.schemaFor(role)]));
  } finally {
    await db.close();
  }
}

export interface GeneratedFile {
  filename: string;
  content: string;
}

/** Runs the generator on an SDL and returns the files it would write (paths relative to the root). */
export async function generateFiles(adminSdl: string): Promise<GeneratedFile[]> {
  const cwd = process.cwd();
  process.chdir(ROOT);
  try {
    const files = await generate({ ...codegenConfig, schema: adminSdl, silent: true, verbose: false, errorsOnly: true }, false);
    return files.map((f: GeneratedFile) => ({ filename: path.relative(ROOT, path.resolve(ROOT, f.filename)), content: f.content }));
  } finally {
    process.chdir(cwd);
  }
}

/** Generated files in src/ that the generator no longer produces (a .graphql file was removed). */
function existingGeneratedFiles(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.generated.ts')) found.push(path.relative(ROOT, full));
    }
  };
  walk(path.join(ROOT, 'src'));
  return found;
}

/** What differs between the committed generated files and a fresh generation (empty when up to date). */
export async function staleGeneratedFiles(adminSchema?: GraphQLSchema): Promise<string[]> {
  const schema = adminSchema ?? (await projectSchemas(['admin'])).get('admin');
  if (!schema) throw new Error('no admin schema');
  const files = await generateFiles(printSchema(schema));
  const problems: string[] = [];
  for (const file of files) {
    const full = path.join(ROOT, file.filename);
    if (!fs.existsSync(full)) problems.push(`${file.filename}: missing`);
    else if (fs.readFileSync(full, 'utf8') !== file.content) problems.push(`${file.filename}: differs from a fresh generation`);
  }
  const expected = new Set(files.map((f) => f.filename));
  for (const file of existingGeneratedFiles()) if (!expected.has(file)) problems.push(`${file}: no longer generated`);
  return problems;
}

async function main(): Promise<void> {
  if (process.argv.includes('--check')) {
    const problems = await staleGeneratedFiles();
    if (problems.length) {
      console.error(`Generated GraphQL types are stale; run \`npm run codegen\`:\n  ${problems.join('\n  ')}`);
      process.exit(1);
    }
    console.log('Generated GraphQL types are up to date.');
    return;
  }
  const schema = (await projectSchemas(['admin'])).get('admin');
  if (!schema) throw new Error('no admin schema');
  const sdl = printSchema(schema);
  // For editors and `npx graphql-codegen`; not committed (it is rebuilt from nhost/ in seconds).
  fs.mkdirSync(path.dirname(path.join(ROOT, SCHEMA_FILE)), { recursive: true });
  fs.writeFileSync(path.join(ROOT, SCHEMA_FILE), `${sdl}\n`);
  const files = await generateFiles(sdl);
  const expected = new Set(files.map((f) => f.filename));
  for (const file of existingGeneratedFiles()) if (!expected.has(file)) fs.rmSync(path.join(ROOT, file));
  for (const file of files) {
    fs.mkdirSync(path.dirname(path.join(ROOT, file.filename)), { recursive: true });
    fs.writeFileSync(path.join(ROOT, file.filename), file.content);
  }
  console.log(`Generated ${files.length} files from ${SCHEMA_FILE}.`);
  // Not GraphQL, but generated alike: the e-mail templates bundled into functions.
  writeFunctionEmails();
}

if (process.argv[1] && path.resolve(process.argv[1]) === __filename) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
