// A bigger data set from the demo data for backup benchmarks: every row of the project's own
// tables (schema public) copied `scale - 1` more times, each copy with new keys, so the copies form
// `scale` independent trees (accommodations with their units, bookings, guests, cleanings...)
// that satisfy the same keys and constraints:
// - a uuid primary key and every foreign key into a copied table become md5(copy || old)::uuid;
// - a unique index or exclusion constraint without such a column gets "-<copy>" appended to its
//   first text column (slug checks allow it);
// - a table whose unique columns cannot be told apart that way (one row per user, lookup codes)
//   is not copied, and foreign keys into it keep pointing at the original rows.
// Triggers and foreign-key checks are off while copying (session_replication_role = replica, in
// one transaction; a table whose copy fails a CHECK is left out with its savepoint):
// the rows are copies of valid rows, and no events or history rows are made for them.
export interface SqlClient {
  query<R = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: R[] }>;
  exec(sql: string): Promise<unknown>;
}

interface Column {
  table: string;
  name: string;
  type: string;
}

interface ForeignKey {
  table: string;
  parent: string;
  columns: string[];
  parentColumns: string[];
}

interface UniqueIndex {
  table: string;
  columns: string[];
  /** Column names an expression index mentions (its definition, parsed loosely). */
  definition: string;
}

const TEXT_TYPES = new Set(['text', 'character varying', 'citext', 'character']);
const q = (name: string) => `"${name.replace(/"/g, '""')}"`;

async function catalog(db: SqlClient) {
  const columns = (
    await db.query<Column>(
      `SELECT c.relname AS table, a.attname AS name, format_type(a.atttypid, NULL) AS type
       FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = 'public' AND c.relkind = 'r' AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
       ORDER BY c.relname, a.attnum`,
    )
  ).rows;
  const primaryKeys = (
    await db.query<{ table: string; columns: string[] }>(
      `SELECT c.relname AS table, array_agg(a.attname::text ORDER BY a.attnum) AS columns
       FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid JOIN pg_namespace n ON n.oid = c.relnamespace
       JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = ANY (i.indkey)
       WHERE n.nspname = 'public' AND i.indisprimary GROUP BY c.relname`,
    )
  ).rows;
  const foreignKeys = (
    await db.query<ForeignKey>(
      `SELECT c.relname AS table, CASE WHEN pn.nspname = 'public' THEN p.relname ELSE pn.nspname || '.' || p.relname END AS parent,
              (SELECT array_agg(a.attname::text ORDER BY k.ord) FROM unnest(con.conkey) WITH ORDINALITY k(num, ord)
               JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.num) AS columns,
              (SELECT array_agg(a.attname::text ORDER BY k.ord) FROM unnest(con.confkey) WITH ORDINALITY k(num, ord)
               JOIN pg_attribute a ON a.attrelid = con.confrelid AND a.attnum = k.num) AS "parentColumns"
       FROM pg_constraint con JOIN pg_class c ON c.oid = con.conrelid JOIN pg_class p ON p.oid = con.confrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace JOIN pg_namespace pn ON pn.oid = p.relnamespace
       WHERE con.contype = 'f' AND n.nspname = 'public'`,
    )
  ).rows;
  const uniques = (
    await db.query<UniqueIndex>(
      `SELECT c.relname AS table, pg_get_indexdef(i.indexrelid) AS definition,
              coalesce((SELECT array_agg(a.attname::text ORDER BY array_position(i.indkey::int2[], a.attnum)) FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attnum = ANY (i.indkey) AND a.attnum > 0), '{}') AS columns
       FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = 'public' AND (i.indisunique OR i.indisexclusion)`,
    )
  ).rows;
  const checks = (
    await db.query<{ table: string; definition: string }>(
      `SELECT c.relname AS table, pg_get_constraintdef(con.oid) AS definition
       FROM pg_constraint con JOIN pg_class c ON c.oid = con.conrelid JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE con.contype = 'c' AND n.nspname = 'public'`,
    )
  ).rows;
  return { columns, primaryKeys, foreignKeys, uniques, checks };
}

/** Copies the demo rows so each copied table holds `scale` times its rows; says which tables were copied and which could not be. */
export async function multiply(db: SqlClient, scale: number): Promise<{ copied: string[]; skipped: string[] }> {
  const { columns, primaryKeys, foreignKeys, uniques, checks } = await catalog(db);
  const columnsOf = (t: string) => columns.filter((c) => c.table === t);
  const uuidKeyed = new Set(primaryKeys.filter((p) => p.columns.length === 1 && p.columns[0] === 'id' && columnsOf(p.table).find((c) => c.name === 'id')?.type === 'uuid').map((p) => p.table));
  const tables = [...new Set(columns.map((c) => c.table))];
  const indexColumns = (t: string, u: UniqueIndex) => (u.columns.length ? u.columns : columnsOf(t).map((c) => c.name).filter((n) => u.definition.includes(n)));
  // The columns that get new values in a copy: the uuid key, uuid columns of a unique index that
  // are no foreign key (journey ids), and foreign keys to a column so changed in a copied parent.
  const fkColumns = (t: string) => new Set(foreignKeys.filter((f) => f.table === t).flatMap((f) => f.columns));
  const remapped = (t: string, s: Set<string>, seen = new Set<string>()): Set<string> => {
    const uuidCols = new Set(columnsOf(t).filter((c) => c.type === 'uuid').map((c) => c.name));
    const cols = new Set<string>(uuidKeyed.has(t) ? ['id'] : []);
    for (const u of uniques) if (u.table === t) for (const c of u.columns) if (uuidCols.has(c) && !fkColumns(t).has(c)) cols.add(c);
    seen.add(t);
    for (const f of foreignKeys) {
      if (f.table !== t || !s.has(f.parent) || f.columns.length !== 1 || seen.has(f.parent) && f.parent !== t) continue;
      const parentCols = f.parent === t ? cols : remapped(f.parent, s, new Set(seen));
      if (parentCols.has(f.parentColumns[0])) cols.add(f.columns[0]);
    }
    return cols;
  };
  /** Text columns a copy may change: no foreign keys (codes of lookup tables). */
  const freeText = (t: string) => new Set(columnsOf(t).filter((c) => TEXT_TYPES.has(c.type) && !fkColumns(t).has(c.name)).map((c) => c.name));
  /** The tables whose copies can be told apart, from the candidates (to a fixed point: dropping one changes its children). */
  const settle = (candidates: Set<string>): Set<string> => {
    const scope = new Set(candidates);
    for (let changed = true; changed; ) {
      changed = false;
      for (const t of [...scope]) {
        const moved = remapped(t, scope);
        const text = freeText(t);
        const distinct = uniques.filter((u) => u.table === t).every((u) => indexColumns(t, u).some((c) => moved.has(c) || text.has(c)));
        if (moved.size === 0 || !distinct) {
          scope.delete(t);
          changed = true;
        }
      }
    }
    return scope;
  };
  // Start from every table with a uuid key or a foreign key.
  let scope = settle(new Set(tables.filter((t) => uuidKeyed.has(t) || foreignKeys.some((f) => f.table === t))));
  const checked = (t: string, c: string) => checks.some((k) => k.table === t && new RegExp(`\\b${c}\\b`).test(k.definition));
  // Per unique index without a remapped column, its first text column gets the copy's suffix.
  const uniqueText = (t: string, moved: Set<string>) => {
    const text = freeText(t);
    const chosen = new Set<string>();
    for (const u of uniques.filter((x) => x.table === t)) {
      const cols = indexColumns(t, u);
      if (cols.some((c) => moved.has(c) || chosen.has(c))) continue;
      // One no CHECK constraint names (codes and slugs with a fixed form), else the first.
      const first = cols.find((c) => text.has(c) && !checked(t, c)) ?? cols.find((c) => text.has(c));
      if (first) chosen.add(first);
    }
    return chosen;
  };
  // Parents before children: a parent that cannot be copied (a CHECK its changed value fails)
  // is dropped before any child is copied against it.
  const order: string[] = [];
  const visit = (t: string, seen: Set<string>) => {
    if (order.includes(t) || seen.has(t)) return;
    seen.add(t);
    for (const f of foreignKeys) if (f.table === t && f.parent !== t) visit(f.parent, seen);
    order.push(t);
  };
  for (const t of scope) visit(t, new Set());
  const skipped: string[] = [];
  await db.exec('BEGIN; SET LOCAL session_replication_role = replica');
  for (const t of order) {
    if (!scope.has(t)) continue;
    const moved = remapped(t, scope);
    const suffixed = uniqueText(t, moved);
    const cols = columnsOf(t);
    const values = cols.map((c) => {
      if (moved.has(c.name)) return `md5(k::text || ${q(c.name)}::text)::uuid`;
      // A checked value keeps its form: its last characters become the copy's number in hex.
      if (suffixed.has(c.name)) return checked(t, c.name) ? `overlay(${q(c.name)} placing to_hex(k) from greatest(length(${q(c.name)}) - length(to_hex(k)) + 1, 1))` : `${q(c.name)} || '-' || k`;
      return q(c.name);
    });
    await db.exec('SAVEPOINT copy');
    try {
      await db.exec(
        `INSERT INTO public.${q(t)} (${cols.map((c) => q(c.name)).join(', ')})
         SELECT ${values.join(', ')} FROM public.${q(t)} CROSS JOIN generate_series(2, ${Math.trunc(scale)}) AS k`,
      );
      await db.exec('RELEASE SAVEPOINT copy');
    } catch {
      await db.exec('ROLLBACK TO SAVEPOINT copy');
      skipped.push(t);
      scope.delete(t);
      scope = settle(scope);
    }
  }
  await db.exec('COMMIT');
  return { copied: [...scope].sort(), skipped };
}
