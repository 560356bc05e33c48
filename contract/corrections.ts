/**
 * Corrections of a project's stock movements (issue 16): a compensating entry that names the log
 * entry it corrects (its position), the quantity it should have had (0 reverses it), the reason,
 * and when the correction applies (occurred_at: in the past, not before the entry; absent means
 * when the entry happened). For a superadmin or the project's admin.
 *
 *   POST /api/materials/corrections  { project_id, position, quantity, reason, occurred_at? } → CorrectionAnswer
 */
import { z } from 'zod';
import { id, text, wholeNumber } from './fields.ts';
import { MAX_LENGTH, MAX_QUANTITY } from './limits.ts';

export const CORRECTION_REASON_REQUIRED = 'Enter the reason for the correction';
export const CORRECTED_QUANTITY_INVALID = 'Corrected quantity must be a whole number, 0 or more';
export const CORRECTION_UNCHANGED = 'The corrected quantity is the same as the entry’s';
export const CORRECTION_IN_FUTURE = 'A correction cannot apply to a time in the future';
export const CORRECTION_BEFORE_ENTRY = 'A correction cannot apply before the entry it corrects';

export const correctionBody = z.object({
  project_id: id('Project id', 'project_id must be a valid project id'),
  position: z.coerce
    .number({ error: 'Position must be the number of a log entry.' })
    .int('Position must be the number of a log entry.')
    .min(1, 'Position must be the number of a log entry.')
    .max(Number.MAX_SAFE_INTEGER, 'Position must be the number of a log entry.'),
  quantity: z.coerce
    .number({ error: 'Corrected quantity must be a number.' })
    .int(CORRECTED_QUANTITY_INVALID)
    .min(0, CORRECTED_QUANTITY_INVALID)
    .max(MAX_QUANTITY, `Corrected quantity must be at most ${wholeNumber(MAX_QUANTITY)}.`),
  reason: text({ label: 'Reason', max: MAX_LENGTH.note, required: CORRECTION_REASON_REQUIRED }),
  occurred_at: z.iso.datetime({ offset: true, error: 'occurred_at must be an ISO 8601 instant, for example 2026-11-01T12:00:00Z' }).optional(),
});
export type CorrectionBody = z.infer<typeof correctionBody>;

export const correctionAnswer = z.object({
  /** The correction's own log entry. */
  position: z.number(),
  corrects_position: z.number(),
  quantity: z.number(),
  occurred_at: z.string(),
  /** How the correction changes the part's figures from when it applies. */
  deltas: z.object({ logistics: z.number(), onHand: z.number(), field: z.number(), lost: z.number() }),
});
export type CorrectionAnswer = z.infer<typeof correctionAnswer>;
