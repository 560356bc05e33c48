/**
 * What a print job prints, as labels: each record of the source (a label of the Label Database, an
 * asset, a part, a warehouse location) becomes one LabelContent, in the built-in layout of its kind
 * or through a label template's lines over the record's fields, repeated `copies` times. Records are
 * counted first (the job's limits are checked before anything is written) and then read a page at a
 * time, so a print of 100,000 labels holds one page of records, never all of them.
 */
import { type PrintBody, PRINT_LIMITS, type PrintSource, sourceCarriesCode } from '../../contract/label-print.ts';
import { type DataRow, formatLabel, type TemplateLineSpec } from '../../contract/label-format.ts';
import { namesAPlace, placeLabel } from '../../contract/place.ts';
import { locationCode } from '../../contract/scan-code.ts';
import { trackerUrl } from '../../contract/scan-paths.ts';
import { warehouseLabel } from '../../contract/warehouses.ts';
import type { Db } from '../../ledger/database.ts';
import type { StockLocation } from '../../ledger/stock-item/events.ts';
import {
  countInstances,
  countLabelsByIds,
  countMatchingLabels,
  countParts,
  instancePages,
  labelPagesByIds,
  labelPagesBySeq,
  matchingLabelSeqs,
  partPages,
  type PrintInstance,
  type PrintPart,
} from '../../projections/label-print/queries.ts';
import type { Label } from '../../contract/labels.ts';
import type { LabelContent } from './display-list.ts';

type Code = NonNullable<LabelContent['code']>;

/** One record of a source: its built-in label, its fields for a template, and the code it carries. */
export interface PrintRecord {
  name: string;
  builtin: string[];
  fields: DataRow;
  code?: Code;
}

/** A source opened for printing: how many records it has, and the records a page at a time. */
export interface SourceRecords {
  count: number;
  pages: () => AsyncGenerator<PrintRecord[]>;
}

export interface SourceContext {
  db: Db;
  /** The address people open the product at, for the tracker links asset labels carry. */
  origin: string;
  /** The warehouse a locations or parts source names (looked up by the access check). */
  warehouse?: { num_id: number; name: string };
}

/** Each value once, the first time it is named. */
const once = <T>(items: readonly T[], key: (item: T) => string = String): T[] => {
  const seen = new Set<string>();
  return items.filter((item) => {
    const k = key(item);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
};

async function* mapPages<T>(pages: AsyncGenerator<T[]>, toRecord: (item: T) => PrintRecord): AsyncGenerator<PrintRecord[]> {
  for await (const page of pages) yield page.map(toRecord);
}

export function labelRecord(label: Label): PrintRecord {
  const fields: Record<string, string> = { System: label.system ?? '', 'Cluster/Pod': label.cluster_pod ?? '' };
  label.label_lines.forEach((line, i) => {
    fields[`Line ${i + 1}`] = line;
  });
  return { name: label.label_lines.find((l) => l.trim() !== '') ?? '', builtin: label.label_lines, fields };
}

export function assetRecord(instance: PrintInstance, origin: string): PrintRecord {
  const serial = instance.serial_number ?? '';
  const builtin = [instance.asset_name, instance.asset_number, ...(serial ? [`S/N ${serial}`] : [])];
  const fields = {
    'Asset Number': instance.asset_number,
    'Asset Name': instance.asset_name,
    Nickname: instance.nickname,
    'S/N': serial,
    Category: instance.asset_category,
    Status: instance.Status,
    Condition: instance.condition,
    Warehouse: instance.owner_type === 'warehouse' ? instance.owner_label : '',
    Project: instance.owner_type === 'project' ? instance.owner_label : '',
    'In use by': instance.assigned_user_name ?? '',
    Notes: instance.notes ?? '',
  };
  return { name: serial || instance.asset_number, builtin, fields, code: { symbology: 'qr', value: trackerUrl(origin, instance.id) } };
}

export function partRecord(part: PrintPart): PrintRecord {
  const builtin = [part.part_number, part.part_name, ...(part.part_nickname.trim() ? [part.part_nickname] : [])];
  const fields = { 'Part Number': part.part_number, 'Part Name': part.part_name, Nickname: part.part_nickname };
  return { name: part.part_number, builtin, fields, code: { symbology: 'code128', value: part.part_number } };
}

type PrintPlace = Extract<PrintSource, { kind: 'locations' }>['places'][number];

export function locationRecord(warehouse: { num_id: number; name: string }, place: PrintPlace): PrintRecord {
  const named = { rack: place.rack || null, shelf: place.shelf || null, bin: place.bin || null, zone: place.zone || null };
  const code = locationCode(warehouse.num_id, named);
  const where = placeLabel({ ...named, notes: null });
  const builtin = [warehouseLabel(warehouse), ...(namesAPlace({ ...named, notes: null }) ? [where] : [])];
  const fields = {
    Warehouse: warehouseLabel(warehouse),
    Rack: named.rack ?? '',
    Shelf: named.shelf ?? '',
    Bin: named.bin ?? '',
    Zone: named.zone ?? '',
    Location: where,
    'Location Code': code,
  };
  return { name: code, builtin, fields, code: { symbology: 'qr', value: code } };
}

/** Counts a source's records and gives the way to read them; access has been checked by the caller. */
export async function openSource(source: PrintSource, context: SourceContext): Promise<SourceRecords> {
  const { db } = context;
  switch (source.kind) {
    case 'labels': {
      const projectId = source.project_id;
      if (source.ids) {
        const ids = once(source.ids);
        return { count: await countLabelsByIds(db, projectId, ids), pages: () => mapPages(labelPagesByIds(db, projectId, ids), labelRecord) };
      }
      const filter = { projectId, q: source.search?.q, system: source.search?.system, clusterPod: source.search?.cluster_pod };
      // More than a print may hold is counted exactly only for the refusal's message.
      const seqs = await matchingLabelSeqs(db, filter, PRINT_LIMITS.labels + 1);
      const count = seqs.length > PRINT_LIMITS.labels ? await countMatchingLabels(db, filter) : seqs.length;
      return { count, pages: () => mapPages(labelPagesBySeq(db, projectId, seqs), labelRecord) };
    }
    case 'assets': {
      const ids = once(source.instance_ids);
      const projectId = source.project_id;
      const count = await countInstances(db, ids, projectId);
      return { count, pages: () => mapPages(instancePages(db, ids, projectId), (i) => assetRecord(i, context.origin)) };
    }
    case 'parts': {
      const numbers = once(source.part_numbers, (n) => n.toLowerCase());
      const location: StockLocation | null = source.project_id
        ? { kind: 'project', id: source.project_id }
        : source.warehouse_id
          ? { kind: 'warehouse', id: source.warehouse_id }
          : null;
      return { count: await countParts(db, location, numbers), pages: () => mapPages(partPages(db, location, numbers), partRecord) };
    }
    case 'locations': {
      const warehouse = context.warehouse;
      if (!warehouse) throw new Error('openSource: a locations source needs its warehouse');
      const records = once(source.places, (p) => locationRecord(warehouse, p).name).map((p) => locationRecord(warehouse, p));
      return {
        count: records.length,
        pages: async function* () {
          for (let start = 0; start < records.length; start += 1_000) yield records.slice(start, start + 1_000);
        },
      };
    }
  }
}

/** How each record reads on its label: the built-in layout, or the template's lines over its fields. */
export type ContentRule = { kind: 'builtin' } | { kind: 'template'; lines: readonly TemplateLineSpec[]; includeCode: boolean };

export function contentOf(record: PrintRecord, rule: ContentRule): LabelContent {
  if (rule.kind === 'builtin') return { name: record.name, lines: record.builtin, ...(record.code ? { code: record.code } : {}) };
  const lines = formatLabel(rule.lines, record.fields, 'import');
  return { name: record.name, lines, ...(rule.includeCode && record.code ? { code: record.code } : {}) };
}

/** Whether the job's labels carry a code, so the layout keeps room for one. */
export const jobHasCode = (kind: PrintSource['kind'], rule: ContentRule) => sourceCarriesCode(kind) && (rule.kind === 'builtin' || rule.includeCode);

export class SourceChangedError extends Error {
  constructor(expected: number, got: number) {
    super(`the records changed while printing: ${expected} counted, ${got} read`);
    this.name = 'SourceChangedError';
  }
}

/**
 * The job's labels in order: every record as the rule reads it, `copies` times one after another.
 * Exactly the counted records are printed: a record added meanwhile is left out, and one removed
 * meanwhile ends the job with an error (the answer already promised that many labels).
 */
export async function* printLabels(records: SourceRecords, rule: ContentRule, body: Pick<PrintBody, 'copies'>): AsyncGenerator<LabelContent> {
  let read = 0;
  for await (const page of records.pages()) {
    for (const record of page) {
      if (read === records.count) return;
      read += 1;
      const content = contentOf(record, rule);
      for (let copy = 0; copy < body.copies; copy += 1) yield content;
    }
  }
  if (read < records.count) throw new SourceChangedError(records.count, read);
}
