import { sql, type Kysely } from 'kysely';

/**
 * The Label Manager's read tables, projected from the `labels:<project_id>` and
 * `label-template:<id>` streams:
 * - `labels`: the label database, one row per live label, in import order (`seq`). `search_text`
 *   holds the lines joined by newlines (a line never holds one), searched by case-insensitive
 *   substring; a trigram GIN index makes that fast where pg_trgm exists (PostgreSQL, and PGlite
 *   with its contrib extension); without it the same query scans and gives the same rows. With
 *   btree_gin the system and cluster/pod sit in the same index, so a filtered search reads only
 *   the rows of that tag that hold the searched text.
 * - `label_tag_counts`: live labels per project and per system or cluster/pod, so the filter
 *   lists and unfiltered totals never count a million rows.
 * - `label_templates`: the templates of each project.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const { rows } = await sql<{ name: string }>`select name from pg_available_extensions where name in ('pg_trgm', 'btree_gin')`.execute(db);
  const trigrams = rows.some((r) => r.name === 'pg_trgm');
  const tagsInGin = trigrams && rows.some((r) => r.name === 'btree_gin');
  if (trigrams) await sql`create extension if not exists pg_trgm`.execute(db);
  if (tagsInGin) await sql`create extension if not exists btree_gin`.execute(db);

  await sql`
    create table labels (
      id uuid primary key,
      project_id uuid not null,
      seq bigint not null,
      label_lines jsonb not null,
      search_text text not null,
      system text,
      cluster_pod text,
      imported_at timestamptz not null
    )`.execute(db);
  await sql`create unique index labels_project_seq on labels (project_id, seq)`.execute(db);
  await sql`create index labels_project_system on labels (project_id, system, seq)`.execute(db);
  await sql`create index labels_project_cluster_pod on labels (project_id, cluster_pod, seq)`.execute(db);
  if (tagsInGin) await sql`create index labels_search on labels using gin (system, cluster_pod, search_text gin_trgm_ops)`.execute(db);
  else if (trigrams) await sql`create index labels_search on labels using gin (search_text gin_trgm_ops)`.execute(db);

  await sql`
    create table label_tag_counts (
      project_id uuid not null,
      kind text not null check (kind in ('all', 'system', 'cluster_pod')),
      value text not null,
      labels integer not null check (labels >= 0),
      primary key (project_id, kind, value)
    )`.execute(db);

  await sql`
    create table label_templates (
      id uuid primary key,
      project_id uuid not null,
      name text not null,
      template_data jsonb not null,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`.execute(db);
  await sql`create index label_templates_project on label_templates (project_id, name)`.execute(db);
}
