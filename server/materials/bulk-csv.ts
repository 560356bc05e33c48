/**
 * Bulk receive and return from a CSV with the header `Part Number,Part Name,Part Nickname,Quantity`.
 * Every row is validated first; each valid row is then applied as its own command (six at a time)
 * under an idempotency key made of the file's hash and the row, so uploading the same file again
 * applies nothing twice and reports those rows as Skipped.
 */
import { createHash } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { DomainError } from '../../ledger/errors.ts';
import type { EventStore } from '../../ledger/event-store/event-store.ts';
import type { CommandOptions } from '../../ledger/command.ts';
import type { StockLocation } from '../../ledger/stock-item/events.ts';
import { runStock } from './stock-commands.ts';

export const BULK_HEADER = ['Part Number', 'Part Name', 'Part Nickname', 'Quantity'] as const;
export const BULK_HEADER_MESSAGE = 'CSV must have headers: Part Number,Part Name,Part Nickname,Quantity';
export const MAX_BULK_ROWS = 5000;
const PARALLEL_ROWS = 6;

export type BulkAction = 'receive' | 'return';

export interface BulkRow {
  row: number;
  part_number: string;
  part_name: string;
  part_nickname: string;
  quantity: number | null;
  valid: boolean;
}

export interface BulkResult {
  row: number;
  part_number: string;
  quantity: number | null;
  status: string;
}

export function parseBulkCsv(text: string, action: BulkAction): BulkRow[] {
  let records: string[][];
  try {
    records = parse(text, { bom: true, skip_empty_lines: true, relax_column_count: true, trim: true }) as string[][];
  } catch (error) {
    throw new DomainError('VALIDATION', `The file is not valid CSV: ${error instanceof Error ? error.message : 'unreadable'}`);
  }
  const [header, ...rows] = records;
  if (!header || header.length !== BULK_HEADER.length || header.some((h, i) => h !== BULK_HEADER[i])) {
    throw new DomainError('VALIDATION', BULK_HEADER_MESSAGE);
  }
  if (rows.length > MAX_BULK_ROWS) throw new DomainError('VALIDATION', `A bulk file may have at most ${MAX_BULK_ROWS} rows`);
  return rows.map((cells, index) => {
    const [partNumber = '', partName = '', partNickname = '', quantityText = ''] = cells;
    const quantity = quantityText === '' || !/^-?\d+(\.\d+)?$/.test(quantityText) ? null : Number(quantityText);
    const valid =
      partNumber !== '' && quantity !== null && Number.isInteger(quantity) && quantity > 0 && (action === 'return' || (partName !== '' && partNickname !== ''));
    return { row: index + 1, part_number: partNumber, part_name: partName, part_nickname: partNickname, quantity, valid };
  });
}

async function inPool<T>(items: T[], size: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const workers = Array.from({ length: Math.min(size, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next]!;
      next += 1;
      await work(item);
    }
  });
  await Promise.all(workers);
}

export async function applyBulk(
  store: EventStore,
  options: CommandOptions,
  location: StockLocation,
  action: BulkAction,
  csv: string,
  scope: string,
): Promise<BulkResult[]> {
  const rows = parseBulkCsv(csv, action);
  const fileHash = createHash('sha256').update(csv).digest('hex');
  const results = new Map<number, BulkResult>();
  for (const r of rows.filter((r) => !r.valid)) results.set(r.row, { row: r.row, part_number: r.part_number, quantity: r.quantity, status: 'Invalid row' });

  await inPool(
    rows.filter((r) => r.valid),
    PARALLEL_ROWS,
    async (r) => {
      const rowOptions: CommandOptions = {
        ...options,
        metadata: { ...options.metadata, source: 'bulk' },
        idempotencyKey: `${scope}:bulk:${location.kind}:${location.id}:${action}:${fileHash}:${r.row}`,
      };
      try {
        const outcome = await runStock(
          store,
          action === 'receive'
            ? { type: 'receive', location, partNumber: r.part_number, quantity: r.quantity!, partName: r.part_name, partNickname: r.part_nickname }
            : { type: 'return', location, partNumber: r.part_number, quantity: r.quantity!, binInfo: null },
          rowOptions,
        );
        results.set(r.row, { row: r.row, part_number: r.part_number, quantity: r.quantity, status: outcome.replayed ? 'Skipped' : 'OK' });
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        results.set(r.row, { row: r.row, part_number: r.part_number, quantity: r.quantity, status: error.message });
      }
    },
  );
  return rows.map((r) => results.get(r.row)!);
}
