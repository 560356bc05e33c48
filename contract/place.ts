/**
 * A location inside a warehouse: rack, shelf, bin and zone name it, notes describe it. Two places
 * are the same place when their four naming fields match without case and surrounding spaces, so
 * "Rack A" and "rack a " hold one pile; the notes are the latest words said about it.
 */
import { z } from 'zod';

export const placeSchema = z.object({
  rack: z.string().nullable(),
  shelf: z.string().nullable(),
  bin: z.string().nullable(),
  zone: z.string().nullable(),
  notes: z.string().nullable(),
});
export type Place = z.infer<typeof placeSchema>;

const NAMING = ['rack', 'shelf', 'bin', 'zone'] as const;
const WORDS: Record<(typeof NAMING)[number], string> = { rack: 'Rack', shelf: 'Shelf', bin: 'Bin', zone: 'Zone' };

const clean = (value: string | null | undefined): string | null => {
  const trimmed = (value ?? '').trim();
  return trimmed === '' ? null : trimmed;
};

/** The place as typed, blanks dropped and spaces trimmed. */
export function normalizePlace(input: Partial<Record<keyof Place, string | null | undefined>> | null | undefined): Place {
  return { rack: clean(input?.rack), shelf: clean(input?.shelf), bin: clean(input?.bin), zone: clean(input?.zone), notes: clean(input?.notes) };
}

/** True when rack, shelf, bin or zone is given (notes alone name no place). */
export const namesAPlace = (place: Place): boolean => NAMING.some((field) => place[field] !== null);

/** The identity of a place: its naming fields without case; "" for the warehouse's unnamed place. */
export function placeKey(place: Place): string {
  return namesAPlace(place) ? NAMING.map((field) => (place[field] ?? '').toLowerCase()).join('|') : '';
}

/** "Rack A · Shelf 2", or "No location" for the unnamed place. */
export function placeLabel(place: Place): string {
  const parts = NAMING.filter((field) => place[field] !== null).map((field) => `${WORDS[field]} ${place[field]}`);
  return parts.length > 0 ? parts.join(' · ') : 'No location';
}
