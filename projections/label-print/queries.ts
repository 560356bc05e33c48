/**
 * Reads of what a print job prints: labels (by id or by search), asset instances and parts, each
 * counted first (to check the job's limits) and then read a page at a time in a fixed order, so a
 * print of 100,000 labels never holds more than one page of records.
 */
import { sql } from 'kysely';
import type { AssetInstance } from '../../contract/assets.ts';
import type { Label } from '../../contract/labels.ts';
import type { Db } from '../../ledger/database.ts';
import type { StockLocation } from '../../ledger/stock-item/events.ts';
import { catalogNicknames, listInstances } from '../assets/queries.ts';
import { type LabelFilter, labelsByIds, labelsMatching } from '../labels/queries.ts';

/** Records one read brings: large enough to cost few round trips, small enough to hold. */
export const PRINT_PAGE = 1_000;

function* chunks<T>(items: readonly T[], size = PRINT_PAGE): Generator<T[]> {
  for (let start = 0; start < items.length; start += size) yield items.slice(start, start + size);
}

/** How many of these ids are labels of the project. */
export async function countLabelsByIds(db: Db, projectId: string, ids: readonly string[]): Promise<number> {
  const row = await db
    .selectFrom('labels')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('project_id', '=', projectId)
    .where('id', '=', sql<string>`any(${sql.val([...ids])}::uuid[])`)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The project's labels among these ids, in the order given, a page at a time. */
export async function* labelPagesByIds(db: Db, projectId: string, ids: readonly string[]): AsyncGenerator<Label[]> {
  for (const chunk of chunks(ids)) yield await labelsByIds(db, projectId, chunk);
}

/** How many labels a search matches (every one: a print takes them all). */
export async function countMatchingLabels(db: Db, filter: LabelFilter): Promise<number> {
  const matching = labelsMatching(db, filter);
  if (!matching) return 0;
  const row = await matching.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Every label a search matches, in import order, a page at a time (keyset on the import order). */
export async function* matchingLabelPages(db: Db, filter: LabelFilter): AsyncGenerator<Label[]> {
  let after: number | null = null;
  for (;;) {
    const matching = labelsMatching(db, filter);
    if (!matching) return;
    const rows = await matching
      .select(['id', 'seq', 'label_lines', 'system', 'cluster_pod'])
      .$if(after !== null, (qb) => qb.where('seq', '>', after!))
      .orderBy('seq')
      .limit(PRINT_PAGE)
      .execute();
    if (rows.length === 0) return;
    yield rows.map((r) => ({ id: r.id, label_lines: r.label_lines, system: r.system, cluster_pod: r.cluster_pod }));
    if (rows.length < PRINT_PAGE) return;
    after = Number(rows[rows.length - 1]!.seq);
  }
}

/** How many of these ids are asset instances (held by the project, when one is named). */
export async function countInstances(db: Db, ids: readonly string[], projectId?: string): Promise<number> {
  const row = await db
    .selectFrom('asset_instances')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('id', '=', sql<string>`any(${sql.val([...ids])}::uuid[])`)
    .$if(projectId !== undefined, (qb) => qb.where('owner_type', '=', 'project').where('owner_id', '=', projectId!))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** An instance as the inventory reads it, with its type's nickname. */
export type PrintInstance = AssetInstance & { nickname: string };

/** The instances among these ids (held by the project, when one is named), in the order given, a page at a time. */
export async function* instancePages(db: Db, ids: readonly string[], projectId?: string): AsyncGenerator<PrintInstance[]> {
  for (const chunk of chunks(ids)) {
    const found = new Map((await listInstances(db, { ids: chunk, projectId })).map((i) => [i.id, i]));
    const nicknames = await catalogNicknames(db, [...new Set([...found.values()].map((i) => i.catalog_id))]);
    yield chunk.flatMap((id) => {
      const instance = found.get(id);
      return instance ? [{ ...instance, nickname: nicknames.get(instance.catalog_id) ?? '' }] : [];
    });
  }
}

export interface PrintPart {
  part_number: string;
  part_name: string;
  part_nickname: string;
}

/** The parts among these numbers (compared without case): those the location holds, or the whole catalogue. */
function partsQuery(db: Db, location: StockLocation | null, numbers: readonly string[]) {
  return db
    .selectFrom('materials as m')
    .where(sql<boolean>`lower(m.part_number) = any(${sql.val(numbers.map((n) => n.toLowerCase()))}::text[])`)
    .$if(location !== null, (qb) =>
      qb.where((eb) =>
        eb.exists(
          eb
            .selectFrom('material_stock as s')
            .select(sql.lit(1).as('one'))
            .whereRef('s.material_id', '=', 'm.material_id')
            .where('s.location_kind', '=', location!.kind)
            .where('s.location_id', '=', location!.id),
        ),
      ),
    );
}

export async function countParts(db: Db, location: StockLocation | null, numbers: readonly string[]): Promise<number> {
  const row = await partsQuery(db, location, numbers)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The parts among these numbers, in the order given, a page at a time. */
export async function* partPages(db: Db, location: StockLocation | null, numbers: readonly string[]): AsyncGenerator<PrintPart[]> {
  for (const chunk of chunks(numbers)) {
    const rows = await partsQuery(db, location, chunk).select(['m.part_number', 'm.part_name', 'm.part_nickname']).execute();
    const byNumber = new Map(rows.map((r) => [r.part_number.toLowerCase(), r]));
    yield chunk.flatMap((n) => byNumber.get(n.toLowerCase()) ?? []);
  }
}
