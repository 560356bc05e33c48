/**
 * Stock warning thresholds (spec 01 §5): each blank (the default) or a non-negative number, with
 * the spec's messages, no larger than any quantity can be, and critical never above low. Pure, so
 * tested directly.
 */
import { CRITICAL_THRESHOLD_INVALID, LOW_THRESHOLD_INVALID } from '@contract/messages.ts';
import { MAX_QUANTITY } from '../../shared/field-limits.ts';

/** A threshold above the largest quantity the ledger accepts could never be reached. */
export const MAX_THRESHOLD = MAX_QUANTITY;

export const LOW_THRESHOLD_MESSAGE = LOW_THRESHOLD_INVALID;
export const CRITICAL_THRESHOLD_MESSAGE = CRITICAL_THRESHOLD_INVALID;
export const LOW_TOO_LARGE_MESSAGE = `Low warning threshold must be at most ${MAX_THRESHOLD.toLocaleString('en-US')}.`;
export const CRITICAL_TOO_LARGE_MESSAGE = `Critical warning threshold must be at most ${MAX_THRESHOLD.toLocaleString('en-US')}.`;
export const CRITICAL_ABOVE_LOW_MESSAGE = 'Critical warning threshold cannot be above the low warning threshold.';

/** The spec's defaults (spec 01 §9), which a blank box stands for. */
export const DEFAULT_LOW_THRESHOLD = 15;
export const DEFAULT_CRITICAL_THRESHOLD = 0;

/** null for blank (the default), the number, 'invalid' or 'too-large'. */
export function parseThreshold(text: string): number | null | 'invalid' | 'too-large' {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const value = Number(trimmed);
  if (!Number.isFinite(value) || value < 0) return 'invalid';
  return value > MAX_THRESHOLD ? 'too-large' : value;
}

export interface ThresholdErrors {
  low?: string;
  critical?: string;
}

export function thresholdErrors(low: string, critical: string): ThresholdErrors {
  const errors: ThresholdErrors = {};
  const lowValue = parseThreshold(low);
  const criticalValue = parseThreshold(critical);
  if (lowValue === 'invalid') errors.low = LOW_THRESHOLD_MESSAGE;
  if (lowValue === 'too-large') errors.low = LOW_TOO_LARGE_MESSAGE;
  if (criticalValue === 'invalid') errors.critical = CRITICAL_THRESHOLD_MESSAGE;
  if (criticalValue === 'too-large') errors.critical = CRITICAL_TOO_LARGE_MESSAGE;
  if (errors.low || errors.critical) return errors;
  const effectiveLow = (lowValue as number | null) ?? DEFAULT_LOW_THRESHOLD;
  const effectiveCritical = (criticalValue as number | null) ?? DEFAULT_CRITICAL_THRESHOLD;
  if (effectiveCritical > effectiveLow) errors.critical = CRITICAL_ABOVE_LOW_MESSAGE;
  return errors;
}

/** What the boxes held when the dialog opened, and what they hold now. */
export interface ThresholdForm {
  initialLow: number;
  initialCritical: number;
  low: string;
  critical: string;
}

export const thresholdText = (value: number) => String(value);

/** True when the person changed at least one box; saving nothing is not a save. */
export function thresholdsChanged(form: ThresholdForm): boolean {
  return form.low.trim() !== thresholdText(form.initialLow) || form.critical.trim() !== thresholdText(form.initialCritical);
}

/**
 * The body values to send. The server reads an omitted or blank value as "the default", so an
 * untouched box sends the value it showed (keeping it), a cleared box sends null (the default),
 * and a changed box sends its number. Call only when `thresholdErrors` found nothing.
 */
export function thresholdRequest(form: ThresholdForm): { low_threshold: number | null; critical_threshold: number | null } {
  const sentValue = (text: string, initial: number): number | null => {
    if (text.trim() === thresholdText(initial)) return initial;
    const parsed = parseThreshold(text);
    return typeof parsed === 'number' ? parsed : null;
  };
  return { low_threshold: sentValue(form.low, form.initialLow), critical_threshold: sentValue(form.critical, form.initialCritical) };
}
