/**
 * The bulk page's fixed pieces: the template file and the action from the address. The file itself
 * is read by the server only (a dry run answers every row), so the preview and the upload can never
 * read one CSV two ways.
 */
import type { BulkAction } from '../../api/material-types.ts';

export const BULK_HEADER = ['Part Number', 'Part Name', 'Part Nickname', 'Quantity'] as const;
export const TEMPLATE_FILE_NAME = 'bulk_template.csv';
export const BULK_TEMPLATE = `${BULK_HEADER.join(',')}\n`;

export function bulkActionOf(value: string | null): BulkAction {
  return value === 'return' ? 'return' : 'receive';
}
