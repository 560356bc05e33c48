/**
 * Reads of the label database: the search (comma means AND, each term a case-insensitive substring
 * of some line), the filter lists, labels by id for exports, and the slice of live labels a delete
 * decides on.
 */
import { type Selectable, sql } from 'kysely';
import type { Label } from '../../contract/labels.ts';
import type { Db } from '../../ledger/database.ts';
import type { Trx } from '../../ledger/event-store/event-store.ts';
import { labelsStreamId } from '../../ledger/labels/events.ts';
import type { LiveLabel } from '../../ledger/labels/state.ts';
import type { LabelsTable } from '../../migrations/schema.ts';
import { containing } from '../like.ts';

export interface LabelSearch {
  projectId: string;
  q?: string;
  system?: string;
  clusterPod?: string;
  limit: number;
  offset: number;
  /** Matches are counted up to here; past it the total is the cap, flagged. */
  totalCap: number;
}

/**
 * The state a project's label answers reflect: its label stream's version, which every import and
 * delete moves on. One index lookup, so a repeated search is answered from the answer cache.
 */
export async function labelsTag(db: Db, projectId: string): Promise<string> {
  const row = await db
    .selectFrom('events')
    .select((eb) => eb.fn.max('stream_version').as('version'))
    .where('stream_id', '=', labelsStreamId(projectId))
    .executeTakeFirst();
  return `l${Number(row?.version ?? 0)}`;
}

/** The comma-separated terms of a search: trimmed, empty ones dropped. */
export function searchTerms(q: string | undefined): string[] {
  return (q ?? '')
    .split(',')
    .map((t) => t.trim())
    .filter((t) => t !== '');
}

/**
 * The part of a term the trigram index is asked for: its longest word of three or more characters
 * that holds a digit (an identifier: "123" of "rack 123"), or null. Words every label carries
 * ("rack", "port") have posting lists as long as the table, and asking the index for them costs
 * more than checking the few rows the identifier leaves. The whole term is still matched on every
 * row, so the anchor changes only the speed, never the answer.
 */
export function anchorOf(term: string): string | null {
  const words = term.split(/[^\p{L}\p{N}]+/u).filter((w) => w.length >= 3 && /\p{N}/u.test(w));
  return words.sort((a, b) => b.length - a.length)[0] ?? null;
}

type LabelRow = Pick<Selectable<LabelsTable>, 'id' | 'label_lines' | 'system' | 'cluster_pod'>;

const toLabel = (row: LabelRow): Label => ({
  id: row.id,
  label_lines: row.label_lines,
  system: row.system,
  cluster_pod: row.cluster_pod,
});

/** What a search filters on: the project, the comma-separated terms and the two tags. */
export type LabelFilter = Pick<LabelSearch, 'projectId' | 'q' | 'system' | 'clusterPod'>;

/**
 * The project's labels a search matches, as a query to select from (searches, prints), or null when
 * no label can match. Every term must be a case-insensitive substring of some line.
 */
export function labelsMatching(db: Db, search: LabelFilter) {
  const terms = searchTerms(search.q);
  // A line never holds a newline, so a term with one matches no line.
  if (terms.some((t) => /[\r\n]/.test(t))) return null;
  const system = search.system || undefined;
  const clusterPod = search.clusterPod || undefined;
  return db
    .selectFrom('labels')
    .where('project_id', '=', search.projectId)
    .$if(system !== undefined, (qb) => qb.where('system', '=', system!))
    .$if(clusterPod !== undefined, (qb) => qb.where('cluster_pod', '=', clusterPod!))
    .$call((qb) => {
      const anchors = terms.map(anchorOf);
      if (anchors.every((a) => a === null)) return terms.reduce((q, term) => q.where('search_text', 'ilike', containing(term)), qb);
      // The index is asked for the anchors; every whole term is checked on the rows they leave
      // (`search_text || ''` is the same text, in a form the index does not take).
      const anchored = anchors.reduce((q, anchor) => (anchor ? q.where('search_text', 'ilike', containing(anchor)) : q), qb);
      return terms.reduce((q, term) => q.where(sql`search_text || ''`, 'ilike', containing(term)), anchored);
    });
}

/** A page of a project's labels in import order, with how many match (exact up to the cap). */
export async function searchLabels(db: Db, search: LabelSearch): Promise<{ items: Label[]; total: number; total_capped: boolean }> {
  const matching = labelsMatching(db, search);
  if (!matching) return { items: [], total: 0, total_capped: false };
  const terms = searchTerms(search.q);
  const system = search.system || undefined;
  const clusterPod = search.clusterPod || undefined;

  const capture = search.totalCap + 1;
  const cappedTotal = (n: number) => (n > search.totalCap ? { total: search.totalCap, total_capped: true } : { total: n, total_capped: false });

  // One tag or none: the running counts answer the total exactly, without reading a label.
  if (terms.length === 0 && !(system && clusterPod)) {
    const kind = system ? 'system' : clusterPod ? 'cluster_pod' : 'all';
    const [rows, count] = await Promise.all([
      matching.select(['id', 'label_lines', 'system', 'cluster_pod']).orderBy('seq').limit(search.limit).offset(search.offset).execute(),
      db
        .selectFrom('label_tag_counts')
        .select('labels')
        .where('project_id', '=', search.projectId)
        .where('kind', '=', kind)
        .where('value', '=', system ?? clusterPod ?? '')
        .executeTakeFirst(),
    ]);
    return { items: rows.map(toLabel), total: Number(count?.labels ?? 0), total_capped: false };
  }

  // A search: the matches (up to the cap) are found once, and both the page and the count come
  // from them, so the index is read once per search.
  if (search.offset + search.limit <= capture) {
    const { rows } = await sql<LabelRow & { matched: number | string }>`
      with m as (${matching.select(['id', 'seq']).orderBy('seq').limit(capture)})
      select l.id, l.label_lines, l.system, l.cluster_pod, (select count(*) from m) as matched
        from (select id, seq from m order by seq offset ${search.offset} limit ${search.limit}) p
        join labels l on l.id = p.id
       order by p.seq`.execute(db);
    if (rows.length > 0) return { items: rows.map(toLabel), ...cappedTotal(Number(rows[0]!.matched)) };
  }
  const [rows, count] = await Promise.all([
    matching.select(['id', 'label_lines', 'system', 'cluster_pod']).orderBy('seq').limit(search.limit).offset(search.offset).execute(),
    sql<{ n: number | string }>`select count(*) as n from (${matching.select(sql.lit(1).as('one')).limit(capture)}) as capped`.execute(db),
  ]);
  return { items: rows.map(toLabel), ...cappedTotal(Number(count.rows[0]?.n ?? 0)) };
}

/** The systems and cluster/pods a project's live labels carry, each list led by the empty option. */
export async function labelFilters(db: Db, projectId: string): Promise<{ systems: string[]; cluster_pods: string[] }> {
  const rows = await db
    .selectFrom('label_tag_counts')
    .select(['kind', 'value'])
    .where('project_id', '=', projectId)
    .where('kind', 'in', ['system', 'cluster_pod'])
    .where('labels', '>', 0)
    .where('value', '<>', '')
    .orderBy('value')
    .execute();
  return {
    systems: ['', ...rows.filter((r) => r.kind === 'system').map((r) => r.value)],
    cluster_pods: ['', ...rows.filter((r) => r.kind === 'cluster_pod').map((r) => r.value)],
  };
}

/** The labels of a project among these ids, in the order the ids are given (exports by id). */
export async function labelsByIds(db: Db, projectId: string, ids: readonly string[]): Promise<Label[]> {
  if (ids.length === 0) return [];
  // Raw SQL: unnest … with ordinality keeps the order the ids were given in.
  const { rows } = await sql<LabelRow>`
    select l.id, l.label_lines, l.system, l.cluster_pod
      from unnest(${[...ids]}::uuid[]) with ordinality as s (id, n)
      join labels l on l.id = s.id and l.project_id = ${projectId}
     order by s.n`.execute(db);
  return rows.map(toLabel);
}

/** Which of these ids are live labels of the project, with their tags: what a delete decides on. */
export async function liveLabels(trx: Trx, projectId: string, ids: readonly string[]): Promise<Map<string, LiveLabel>> {
  const live = new Map<string, LiveLabel>();
  if (ids.length === 0) return live;
  const rows = await trx
    .selectFrom('labels')
    .select(['id', 'system', 'cluster_pod'])
    .where('project_id', '=', projectId)
    .where('id', '=', sql<string>`any(${sql.val([...new Set(ids)])}::uuid[])`)
    .execute();
  for (const r of rows) live.set(r.id, { system: r.system, clusterPod: r.cluster_pod });
  return live;
}

/**
 * How many of these labels (lines joined by newlines) have the same lines as a live label of the
 * project: one scan of the project's labels, hashed against the candidates (an import's dry run).
 */
export async function countExistingLabelTexts(db: Db, projectId: string, texts: readonly string[]): Promise<number> {
  if (texts.length === 0) return 0;
  const { rows } = await sql<{ n: number | string }>`
    select count(*) as n
      from unnest(${sql.val([...texts])}::text[]) as t (search_text)
      join (select distinct search_text from labels where project_id = ${projectId}) l on l.search_text = t.search_text`.execute(db);
  return Number(rows[0]?.n ?? 0);
}
