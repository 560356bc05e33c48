/**
 * The query pieces every list shares: limit and offset, the json/csv format, the log period and the
 * project-or-warehouse choice. Written once so each list refuses with the same words.
 */
import { z } from 'zod';
import { LOG_DAYS } from './vocabulary.ts';

/** Rows to answer, 1 to `max` (a default or optional is the list's choice). */
export function limit(max: number) {
  return z.coerce
    .number({ error: 'Limit must be a number.' })
    .int('Limit must be a whole number.')
    .min(1, 'Limit must be 1 or more.')
    .max(max, `Limit must be at most ${max}.`);
}

/** Rows to skip, 0 to `max`. */
export function offset(max: number) {
  return z.coerce
    .number({ error: 'Offset must be a number.' })
    .int('Offset must be a whole number.')
    .min(0, 'Offset must be 0 or more.')
    .max(max, 'Offset is too large.');
}

/** A list answered as JSON unless CSV is asked for. */
export const listFormat = z.enum(['json', 'csv'], { error: 'Format must be json or csv.' }).default('json');

/** The period a log covers, in days back from now; all of it when not sent. */
export const logDays = z.enum(LOG_DAYS, { error: 'Days must be 1, 7, 30, 365 or all.' }).default('all');

/** Queries that name a project or a warehouse, never both and never neither. */
export function projectOrWarehouse<T extends z.ZodType<{ project_id?: string | undefined; warehouse_id?: string | undefined }>>(query: T) {
  return query.refine((v) => Boolean(v.project_id) !== Boolean(v.warehouse_id), {
    message: 'Send project_id or warehouse_id',
    path: ['project_id'],
  });
}
