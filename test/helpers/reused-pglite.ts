/**
 * One worker's test files take turns on the same PGlite instances instead of each starting its own:
 * starting PGlite from the migrated template takes 0.5–0.8 s (unpacking a 43 MB data directory and
 * starting postgres), emptying one back to the template takes about 50 ms. A file's database goes
 * back when its runtime closes: every table is emptied and the template's rows and sequences are put
 * back, and the session is reset. A file that changed the schema (a trigger, a column, a table)
 * leaves behind an instance that is closed rather than reused, so no file ever sees another's data
 * or its changes to the schema.
 *
 * A handle once closed stays closed: what a file left running after closing its runtime (a timer, a
 * subscription's loop) fails on it as on a closed database, instead of writing into the next file's.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { PGlite } from '@electric-sql/pglite';
import { type DatabaseHandle, pgliteHandle, startPglite } from '../../ledger/database.ts';

/** What the template holds: the tables to empty, the rows to put back, its sequences' settings (JSON), the schema's fingerprint. */
interface TemplateState {
  tables: string[];
  rows: { table: string; json: string }[];
  sequences: string;
  schema: string;
}

/** Every object a file could add or change, named and described: equal fingerprints, the same schema. */
const SCHEMA_FINGERPRINT = `
  select md5(string_agg(x, ',' order by x)) as fingerprint from (
    select 'class:' || n.nspname::text || '.' || c.relname::text || ':' || c.relkind::text || ':' || c.relnatts::text as x
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast')
    union all select 'trigger:' || tgrelid::regclass::text || '.' || tgname::text || ':' || tgenabled::text from pg_trigger
    union all select 'constraint:' || conrelid::regclass::text || '.' || conname::text || ':' || pg_get_constraintdef(oid)
      from pg_constraint where connamespace = 'public'::regnamespace
    union all select 'function:' || p.oid::regprocedure::text || ':' || md5(p.prosrc) from pg_proc p where pronamespace = 'public'::regnamespace
    union all select 'column:' || attrelid::regclass::text || '.' || attname::text || ':' || atttypid::text || ':' || attnotnull::text
      from pg_attribute a join pg_class c on c.oid = a.attrelid
      where c.relnamespace = 'public'::regnamespace and attnum > 0 and not attisdropped
    union all select 'default:' || adrelid::regclass::text || ':' || adnum::text || ':' || pg_get_expr(adbin, adrelid) from pg_attrdef
    union all select 'extension:' || extname::text from pg_extension
    union all select 'role:' || rolname::text from pg_roles
    union all select 'schema:' || nspname::text from pg_namespace
  ) objects`;

/** The migration log's own tables keep their rows: only a new migration changes them, and that changes the schema too. */
const KEPT_TABLES = new Set(['kysely_migration', 'kysely_migration_lock']);

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

async function fingerprint(pglite: PGlite): Promise<string> {
  const result = await pglite.query<{ fingerprint: string }>(SCHEMA_FINGERPRINT);
  return result.rows[0]!.fingerprint;
}

async function readTemplate(pglite: PGlite): Promise<TemplateState> {
  const tableRows = await pglite.query<{ name: string }>(`select tablename as name from pg_tables where schemaname = 'public' order by tablename`);
  const tables = tableRows.rows.map((t) => t.name).filter((name) => !KEPT_TABLES.has(name));
  const rows: TemplateState['rows'] = [];
  for (const table of tables) {
    const content = await pglite.query<{ json: string | null }>(`select json_agg(t)::text as json from ${quoted(table)} t`);
    const json = content.rows[0]?.json;
    if (json) rows.push({ table, json });
  }
  // As setval takes them: a sequence never used starts again at its start value, not yet called.
  const sequences = await pglite.query<{ json: string }>(
    `select coalesce(json_agg(json_build_object('name', format('%I.%I', schemaname, sequencename), 'value', coalesce(last_value, start_value), 'called', last_value is not null)), '[]')::text as json from pg_sequences`,
  );
  return { tables, rows, sequences: sequences.rows[0]!.json, schema: await fingerprint(pglite) };
}

/** Back to the template's rows; false when the schema is no longer the template's. */
async function resetToTemplate(pglite: PGlite, template: TemplateState): Promise<boolean> {
  if ((await fingerprint(pglite)) !== template.schema) return false;
  // Ordinary triggers (the events' refusal of TRUNCATE among them) do not fire in replica mode.
  await pglite.exec(`
    set session_replication_role = replica;
    truncate ${template.tables.map(quoted).join(', ')} restart identity;
    set session_replication_role = default;`);
  for (const { table, json } of template.rows) {
    await pglite.query(`insert into ${quoted(table)} select * from json_populate_recordset(null::${quoted(table)}, $1::json)`, [json]);
  }
  await pglite.query(`select setval(s.name::regclass, s.value, s.called) from json_to_recordset($1::json) as s(name text, value bigint, called boolean)`, [
    template.sequences,
  ]);
  // Settings, prepared statements, temporary tables, LISTENs and advisory locks of the session.
  await pglite.exec('discard all');
  return true;
}

/** Gives up on an instance whose reset takes this long (a transaction a file never ended holds its lock). */
const RESET_LIMIT_MS = 5_000;

const idle: PGlite[] = [];
let template: Promise<TemplateState> | undefined;

/** A PGlite handle with the template's content; closing it hands the instance to the next file. */
export async function reusedPgliteHandle(archive: Blob): Promise<DatabaseHandle> {
  const pglite = idle.pop() ?? (await startPglite(undefined, archive));
  template ??= readTemplate(pglite);
  const state = await template;
  let closed = false;
  const handed = new Proxy(pglite, {
    get(target, property) {
      if (property === 'close') return async () => undefined;
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      if (closed) return () => Promise.reject(new Error('PGlite is closed'));
      return value.bind(target);
    },
  });
  return pgliteHandle(handed, async (db) => {
    if (closed) return;
    closed = true;
    await db.destroy();
    const timedOut = sleep(RESET_LIMIT_MS, false, { ref: false });
    const reusable = await Promise.race([resetToTemplate(pglite, state).catch(() => false), timedOut]);
    if (reusable) idle.push(pglite);
    // Not awaited: an instance whose reset never finished may never finish closing either.
    else void pglite.close().catch(() => undefined);
  });
}
