/**
 * Stock warning thresholds (spec 01 §5): each blank (the default) or a non-negative number, with
 * the spec's messages. Pure, so tested directly.
 */

export const LOW_THRESHOLD_MESSAGE = 'Low warning threshold must be a non-negative number.';
export const CRITICAL_THRESHOLD_MESSAGE = 'Critical warning threshold must be a non-negative number.';

/** null for blank (the default), the number, or 'invalid'. */
export function parseThreshold(text: string): number | null | 'invalid' {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const value = Number(trimmed);
  return Number.isFinite(value) && value >= 0 ? value : 'invalid';
}

export interface ThresholdErrors {
  low?: string;
  critical?: string;
}

export function thresholdErrors(low: string, critical: string): ThresholdErrors {
  const errors: ThresholdErrors = {};
  if (parseThreshold(low) === 'invalid') errors.low = LOW_THRESHOLD_MESSAGE;
  if (parseThreshold(critical) === 'invalid') errors.critical = CRITICAL_THRESHOLD_MESSAGE;
  return errors;
}
