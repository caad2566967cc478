#!/usr/bin/env node
// Converts Hasura's own tests (server/tests-py, Postgres classes) into this suite's data: per
// class an Nhost project folder (one SQL migration + a metadata v3 directory) and cases.json.
// Only data is taken (setup SQL, metadata, queries, expected responses), no Hasura code. The
// approach is the shared kit's (../shared/conformance/hasura/tools/convert.mjs), reading straight
// from a git snapshot of nhost/graphql-engine (a fork carrying the same server/tests-py):
//
//   node backend/graphql/conformance/tools/convert.mjs <git dir of nhost/graphql-engine> [Class...]
//
// Which classes: tools/classes.mjs. The files of a class and their order come from the class body.
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import YAML from 'yaml';
import { CLASSES } from './classes.mjs';

const HERE = path.dirname(new URL(import.meta.url).pathname);
const OUT = path.resolve(HERE, '../classes');
const GIT = process.argv[2];
if (!GIT) { console.error('usage: node tools/convert.mjs <git dir of nhost/graphql-engine> [Class...]'); process.exit(1); }
const ONLY = new Set(process.argv.slice(3));
const REV = execFileSync('git', ['--git-dir', GIT, 'rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
const show = (rel) => execFileSync('git', ['--git-dir', GIT, 'show', `${REV}:server/tests-py/${rel}`], { encoding: 'utf8', maxBuffer: 64 << 20 });
const exists = (rel) => { try { execFileSync('git', ['--git-dir', GIT, 'cat-file', '-e', `${REV}:server/tests-py/${rel}`], { stdio: 'ignore' }); return true; } catch { return false; } };

function load(rel) {
  // merge: true honours `<<: *anchor` merge keys, as PyYAML/ruamel do in tests-py.
  return YAML.parse(show(rel), { merge: true });
}

// Flatten `type: bulk` (possibly nested) into a list of operations.
function flatten(op, out = []) {
  if (op == null) return out;
  if (Array.isArray(op)) { op.forEach((o) => flatten(o, out)); return out; }
  if (op.type === 'bulk') { flatten(op.args, out); return out; }
  out.push(op);
  return out;
}

function tableRef(t) {
  if (typeof t === 'string') return { name: t, schema: 'public' };
  return { name: t.name, schema: t.schema || 'public' };
}
const key = (t) => `${t.schema}.${t.name}`;
const qi = (s) => '"' + String(s).replace(/"/g, '""') + '"';

function sqlLiteral(v) {
  if (v === null || v === undefined) return 'NULL';
  if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
  if (typeof v === 'number') return String(v);
  if (typeof v === 'string') return "'" + v.replace(/'/g, "''") + "'";
  return "'" + JSON.stringify(v).replace(/'/g, "''") + "'"; // json/jsonb values
}

function stripOp(type) {
  // pg_create_select_permission -> create_select_permission, pg_track_table -> track_table
  return type.replace(/^pg_/, '');
}

function convertSetup(ops, suite) {
  const sql = [];
  const tables = new Map(); // key -> table metadata object
  const order = [];
  const functions = []; // tracked SQL functions, in setup order
  // suite.dropTables: tables whose metadata operations are dropped (their SQL
  // is removed separately through suite.sqlEdits), e.g. PostGIS tables.
  const dropped = new Set((suite.dropTables || []).map((t) => key(tableRef(t))));
  const get = (ref) => {
    const t = tableRef(ref);
    if (!tables.has(key(t))) throw new Error(`${suite.name}: table ${key(t)} used before track_table`);
    return tables.get(key(t));
  };
  const push = (obj, field, val) => { (obj[field] ||= []).push(val); };

  for (const op of ops) {
    const type = stripOp(op.type);
    const a = op.args || {};
    if (type !== 'run_sql' && type !== 'track_function' && dropped.has(key(tableRef(a.table ?? a)))) continue;
    switch (type) {
      case 'run_sql': {
        let s = a.sql.trim();
        if (!s.endsWith(';')) s += ';';
        sql.push(s);
        break;
      }
      case 'insert': {
        const t = tableRef(a.table);
        for (const row of a.objects) {
          const cols = Object.keys(row);
          sql.push(`INSERT INTO ${qi(t.schema)}.${qi(t.name)} (${cols.map(qi).join(', ')}) VALUES (${cols.map((c) => sqlLiteral(row[c])).join(', ')});`);
        }
        break;
      }
      case 'track_table':
      case 'add_existing_table_or_view': {
        const t = tableRef(a.table ?? a);
        if (tables.has(key(t))) break;
        const md = { table: t };
        if (a.configuration) md.configuration = a.configuration;
        if (a.is_enum) md.is_enum = true;
        tables.set(key(t), md);
        order.push(key(t));
        break;
      }
      case 'set_table_custom_fields': {
        const md = get(a.table);
        md.configuration = { ...(md.configuration || {}) };
        if (a.custom_root_fields) md.configuration.custom_root_fields = a.custom_root_fields;
        if (a.custom_column_names) md.configuration.custom_column_names = a.custom_column_names;
        break;
      }
      case 'create_object_relationship':
      case 'create_array_relationship': {
        const md = get(a.table);
        const using = JSON.parse(JSON.stringify(a.using));
        const fk = using.foreign_key_constraint_on;
        if (fk && typeof fk === 'object' && !Array.isArray(fk) && fk.table) fk.table = tableRef(fk.table);
        if (using.manual_configuration?.remote_table) using.manual_configuration.remote_table = tableRef(using.manual_configuration.remote_table);
        const rel = { name: a.name, using };
        if (a.comment !== undefined) rel.comment = a.comment;
        push(md, type === 'create_object_relationship' ? 'object_relationships' : 'array_relationships', rel);
        break;
      }
      case 'track_function': {
        // metadata v3: databases/default/functions/<schema>_<name>.yaml
        const f = a.function ? tableRef(a.function) : tableRef(a);
        if (functions.some((g) => g.function.schema === f.schema && g.function.name === f.name)) break;
        functions.push({ function: { name: f.name, schema: f.schema }, configuration: a.configuration || {}, ...(a.permissions ? { permissions: a.permissions } : {}) });
        break;
      }
      case 'add_computed_field': {
        const md = get(a.table);
        const def = JSON.parse(JSON.stringify(a.definition));
        def.function = tableRef(def.function);
        const cf = { name: a.name, definition: def };
        if (a.comment !== undefined) cf.comment = a.comment;
        push(md, 'computed_fields', cf);
        break;
      }
      case 'create_select_permission':
      case 'create_insert_permission':
      case 'create_update_permission':
      case 'create_delete_permission': {
        const md = get(a.table);
        const kind = type.split('_')[1];
        const perm = { role: a.role, permission: a.permission };
        if (a.comment !== undefined) perm.comment = a.comment;
        push(md, `${kind}_permissions`, perm);
        break;
      }
      case 'set_table_is_enum': {
        get(a.table).is_enum = a.is_enum;
        break;
      }
      case 'set_table_customization': {
        const md = get(a.table);
        md.configuration = { ...(md.configuration || {}), ...(a.configuration || {}) };
        break;
      }
      case 'create_function_permission': {
        const f = tableRef(a.function);
        const fn = functions.find((g) => g.function.schema === f.schema && g.function.name === f.name);
        if (!fn) throw new Error(`${suite.name}: function permission before track_function`);
        (fn.permissions ||= []).push({ role: a.role });
        break;
      }
      default:
        throw new Error(`${suite.name}: unsupported setup operation ${op.type}`);
    }
  }
  let up = sql.join('\n\n') + '\n';
  for (const [from, to] of suite.sqlEdits || []) {
    if (!up.includes(from)) throw new Error(`${suite.name}: sql edit target not found: ${from}`);
    up = up.split(from).join(to);
  }
  return { up, tables: order.map((k) => tables.get(k)), functions };
}

const FIELD_ORDER = ['table', 'is_enum', 'configuration', 'object_relationships', 'array_relationships',
  'computed_fields', 'insert_permissions', 'select_permissions', 'update_permissions', 'delete_permissions'];

function writeProject(dir, { up, tables, functions = [] }) {
  fs.rmSync(dir, { recursive: true, force: true });
  const mig = path.join(dir, 'migrations/default/1700000000000_setup');
  const md = path.join(dir, 'metadata');
  const tdir = path.join(md, 'databases/default/tables');
  fs.mkdirSync(mig, { recursive: true });
  fs.mkdirSync(tdir, { recursive: true });
  fs.writeFileSync(path.join(mig, 'up.sql'), up);
  fs.writeFileSync(path.join(md, 'version.yaml'), 'version: 3\n');
  const dbs = [{
    name: 'default',
    kind: 'postgres',
    configuration: {
      connection_info: {
        database_url: { from_env: 'HASURA_GRAPHQL_DATABASE_URL' },
        isolation_level: 'read-committed',
        use_prepared_statements: false,
      },
    },
    tables: '!include default/tables/tables.yaml',
  }];
  if (functions.length) {
    dbs[0].functions = '!include default/functions/functions.yaml';
    const fdir = path.join(md, 'databases/default/functions');
    fs.mkdirSync(fdir, { recursive: true });
    const fincludes = [];
    for (const f of functions) {
      const fname = `${f.function.schema}_${f.function.name}.yaml`;
      fincludes.push(`!include ${fname}`);
      fs.writeFileSync(path.join(fdir, fname), YAML.stringify({ function: { name: f.function.name, schema: f.function.schema }, configuration: f.configuration, ...(f.permissions ? { permissions: f.permissions } : {}) }));
    }
    fs.writeFileSync(path.join(fdir, 'functions.yaml'), YAML.stringify(fincludes));
  }
  fs.writeFileSync(path.join(md, 'databases/databases.yaml'), YAML.stringify(dbs));
  const includes = [];
  for (const t of tables) {
    const fname = `${t.table.schema}_${t.table.name}.yaml`;
    includes.push(`!include ${fname}`);
    const ordered = {};
    for (const f of FIELD_ORDER) if (t[f] !== undefined) ordered[f] = t[f];
    ordered.table = { name: t.table.name, schema: t.table.schema };
    fs.writeFileSync(path.join(tdir, fname), YAML.stringify(ordered));
  }
  fs.writeFileSync(path.join(tdir, 'tables.yaml'), YAML.stringify(includes));
}


// ---- classes: read the Python class body for its folder, setup and test files ----

function classBody(module, name) {
  const src = show(module).split('\n');
  const start = src.findIndex((l) => new RegExp(`^class ${name}\\b`).test(l));
  if (start < 0) throw new Error(`${module}: class ${name} not found`);
  let end = src.length;
  for (let i = start + 1; i < src.length; i++) if (/^(class |@)/.test(src[i])) { end = i; break; }
  let deco = start;
  while (deco > 0 && /^(@|#)/.test(src[deco - 1])) deco--; // decorators, with comments between them
  return { decorators: src.slice(deco, start).join('\n'), body: src.slice(start, end).filter((l) => !/^\s*#/.test(l)) };
}

function parseClass(cls) {
  const { module, name } = cls;
  const { decorators, body } = classBody(module, name);
  const text = body.join('\n');
  // `cls.dir`: a class without dir() (its file path is written out in the method).
  const dir = cls.dir ?? /def dir\(cls\):\s*\n\s*return\s+['"]([^'"]+)['"]/.exec(text)?.[1]?.replace(/\/$/, '');
  if (!dir) throw new Error(`${name}: no dir()`);
  // Test methods in order; a method marked skip/xfail keeps its files, marked skip.
  const files = [];
  let pending; // a skip/xfail decorator waiting for its method
  let mark; // the mark of the method being read
  let method = 0; // which test method names the file (metadata a method sets up ends with it)
  // A method that runs its file only when the server authenticates by JWT or webhook
  // (`if hge_ctx.hge_key and (hge_ctx.hge_jwt_key or hge_ctx.webhook)`) sends the case's headers
  // as the client's session, without the admin secret.
  let asClient = false;
  for (const line of body) {
    const m = /^\s*@pytest\.mark\.(skip|xfail)\b(.*)$/.exec(line);
    if (m) { pending = `Hasura marks the test ${m[1]}${m[2] ? ' ' + m[2].trim() : ''}`; continue; }
    if (/^\s*def /.test(line)) { mark = pending; pending = undefined; method++; asClient = false; continue; }
    if (/\bif\b.*hge_ctx\.(hge_jwt_key|webhook)\b/.test(line)) asClient = true;
    for (const f of line.matchAll(/['"]\/?([\w\-]+\.yaml)['"]/g)) {
      if (files.some((x) => x.file === f[1])) continue;
      const entry = mark ? { file: f[1], skip: mark, method } : { file: f[1], method };
      files.push(asClient ? { ...entry, auth: 'client' } : entry);
    }
  }
  // The server settings the class runs with (`@pytest.mark.hge_env(...)`) that the engine has.
  const engine = {};
  const infer = /hge_env\(\s*['"]HASURA_GRAPHQL_INFER_FUNCTION_PERMISSIONS['"]\s*,\s*['"](\w+)['"]/.exec(decorators);
  if (infer) engine.inferFunctionPermissions = infer[1].toLowerCase() !== 'false';
  const perMethod = /per_method_tests_db_state|per_method_db_data_for_mutation_tests|mutations_context|use_mutation_fixtures/.test(decorators + text);
  const attr = (n) => { const m = new RegExp(`${n}\\s*=\\s*\\[([^\\]]*)\\]`).exec(text); return m ? [...m[1].matchAll(/['"]([^'"]+)['"]/g)].map((x) => x[1]) : undefined; };
  const setup = [];
  for (const [a, def] of [['schema_setup_files', 'schema_setup.yaml'], ['setup_files', 'setup.yaml'], ['values_setup_files', 'values_setup.yaml']]) {
    const list = attr(a) ?? [`${dir}/${def}`];
    for (const f of list) {
      const rel = f.startsWith('queries/') ? f : `${dir}/${f.replace(/^.*\//, '')}`;
      if (exists(rel) && !setup.includes(rel)) setup.push(rel);
    }
  }
  return { dir, files: cls.files ? cls.files.map((file) => ({ file })) : files, perMethod, setup, engine };
}

const SETUP_NAMES = /^(schema_|values_)?(setup|teardown)(_\w+)?\.yaml$/;

// Function permissions a test creates and drops through /v1/metadata (in a file of its own, or a
// step of the test file) become the metadata the following cases run with (`functionPermissions`).
const FUNCTION_PERMISSION_OPS = new Set(['pg_create_function_permission', 'pg_drop_function_permission', 'create_function_permission', 'drop_function_permission']);
const isFunctionPermissionOp = (q) => q && FUNCTION_PERMISSION_OPS.has(q.type);
function applyFunctionPermission(grants, op) {
  const f = tableRef(op.args.function);
  const same = (g) => g.function.schema === f.schema && g.function.name === f.name && g.role === op.args.role;
  const rest = grants.filter((g) => !same(g));
  return op.type.includes('create') ? [...rest, { function: f, role: op.args.role }] : rest;
}

function convertClassCases(cls, info) {
  const cases = [];
  const skipped = [];
  let grants = [];
  let method;
  for (const { file, skip, auth, method: m } of info.files) {
    // A class that resets per test method also resets the metadata the method changed.
    if (info.perMethod && m !== method) grants = [];
    method = m;
    if (SETUP_NAMES.test(file)) continue;
    const drop = (cls.skipFiles || []).find((f) => f.file === file);
    if (drop) { skipped.push(drop); continue; }
    const rel = `${info.dir}/${file}`;
    if (!exists(rel)) { skipped.push({ file, reason: 'named by the class but not in the repository' }); continue; }
    const doc = load(rel);
    const steps = Array.isArray(doc) ? doc : [doc];
    if (steps.every((s) => !s.url && isFunctionPermissionOp(s))) {
      for (const s of steps) grants = applyFunctionPermission(grants, s);
      continue;
    }
    const bad = steps.find((s) => (s.url || '/v1/graphql') !== '/v1/graphql' && !(s.url === '/v1/metadata' && isFunctionPermissionOp(s.query)));
    if (bad) { skipped.push({ file, reason: `uses ${bad.url} inside the test file` }); continue; }
    if (steps.some((s) => !s.query)) { skipped.push({ file, reason: 'a metadata API call (the class runs it with v1metadataq), not a GraphQL request' }); continue; }
    const dropSteps = (cls.skipSteps || []).filter((d) => d.file === file);
    steps.forEach((s, i) => {
      if (s.url === '/v1/metadata') { grants = applyFunctionPermission(grants, s.query); return; }
      const dropStep = dropSteps.find((d) => d.steps.includes(i));
      if (dropStep) { skipped.push({ file: `${file}#${i}`, reason: dropStep.reason }); return; }
      const batch = Array.isArray(s.query);
      const c = {
        file,
        step: i,
        description: s.description ?? s.descriptions ?? `${file}#${i}`,
        headers: s.headers || {},
        query: batch ? s.query.map((q) => ({ query: q.query, variables: q.variables ?? null, operationName: q.operationName ?? null })) : s.query,
        status: s.status ?? 200,
        response: s.response ?? null,
      };
      if (grants.length) c.functionPermissions = grants;
      if (auth) c.auth = auth;
      if (skip) c.skip = skip;
      cases.push(c);
    });
  }
  return { cases, skipped };
}

for (const cls of CLASSES) {
  if (ONLY.size && !ONLY.has(cls.name)) continue;
  const info = parseClass(cls);
  const dir = path.join(OUT, cls.name);
  const suite = { name: cls.name, dropTables: cls.dropTables, sqlEdits: cls.sqlEdits };
  // `cls.setupOps`: a setup the class runs from Python (a fixture's `v1q`), as data.
  const ops = [...info.setup.flatMap((f) => flatten(load(f))), ...flatten(cls.setupOps ?? [])];
  let project;
  try {
    project = convertSetup(ops, suite);
  } catch (e) {
    console.log(`${cls.name}: NOT converted: ${e.message}`);
    continue;
  }
  writeProject(path.join(dir, 'nhost'), project);
  const { cases, skipped } = convertClassCases(cls, info);
  fs.writeFileSync(path.join(dir, 'cases.json'), JSON.stringify(cases, null, 2) + '\n');
  fs.writeFileSync(path.join(dir, 'class.json'), JSON.stringify({
    name: cls.name,
    source: `nhost/graphql-engine@${REV.slice(0, 12)}: server/tests-py/${cls.module}::${cls.name}`,
    folder: info.dir,
    // Hasura resets the database before each test (per_method fixtures) or once per class.
    reset: info.perMethod ? 'file' : 'class',
    ...(Object.keys(info.engine).length ? { engine: info.engine } : {}),
    setupFiles: info.setup,
    notes: cls.notes || [],
    skipped,
  }, null, 2) + '\n');
  console.log(`${cls.name}: ${project.tables.length} tables, ${project.functions.length} functions, ${cases.length} cases, ${skipped.length} skipped files`);
}
