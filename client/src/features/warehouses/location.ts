/**
 * A place inside a warehouse (spec 02 §2.4: rack, shelf, bin, zone, notes): how it reads in
 * pickers and summaries, how a form's boxes become one, and whether two name the same place.
 */
import type { PlaceInput, PlaceRow } from '../../api/warehouse-types.ts';
import { WAREHOUSE_LIMITS } from '../../api/warehouse-types.ts';
import { lengthError } from '../../shared/field-limits.ts';

export const LOCATION_FIELDS = ['rack', 'shelf', 'bin', 'zone'] as const;
export type LocationField = (typeof LOCATION_FIELDS)[number];

export interface LocationValues {
  rack: string;
  shelf: string;
  bin: string;
  zone: string;
  notes: string;
}

export const EMPTY_LOCATION: LocationValues = { rack: '', shelf: '', bin: '', zone: '', notes: '' };

export const LOCATION_LABELS: Record<LocationField | 'notes', string> = {
  rack: 'Rack',
  shelf: 'Shelf',
  bin: 'Bin',
  zone: 'Zone',
  notes: 'Notes',
};

type Place = Partial<Record<LocationField, string | null | undefined>>;

/** "Rack A · Shelf 2", in the server's order (rack, shelf, bin, zone); "No location" when none is set. */
export function locationLabel(location: Place): string {
  const parts = LOCATION_FIELDS.map((f) => {
    const value = location[f]?.trim();
    return value ? `${LOCATION_LABELS[f]} ${value}` : '';
  });
  return parts.filter(Boolean).join(' · ') || 'No location';
}

/** The typed location as sent: trimmed, blank fields left out. */
export function locationBody(values: LocationValues): PlaceInput {
  const body: PlaceInput = {};
  for (const field of [...LOCATION_FIELDS, 'notes'] as const) {
    const value = values[field].trim();
    if (value !== '') body[field] = value;
  }
  return body;
}

/** An existing location as sent back to name it: its four naming fields. */
export function placeOf(row: PlaceRow): PlaceInput {
  const body: PlaceInput = {};
  for (const field of LOCATION_FIELDS) {
    const value = row[field];
    if (value) body[field] = value;
  }
  return body;
}

/** True when at least one of rack, shelf, bin or zone is filled in. */
export function hasPlace(values: LocationValues): boolean {
  return LOCATION_FIELDS.some((f) => values[f].trim() !== '');
}

/** Whether two locations are the same place (compared without case; the notes do not make a place). */
export function samePlace(a: Place, b: Place): boolean {
  return LOCATION_FIELDS.every((f) => (a[f] ?? '').trim().toLowerCase() === (b[f] ?? '').trim().toLowerCase());
}

/** A location text past its limit, or undefined. */
export function locationLengthError(location: LocationValues): string | undefined {
  for (const field of LOCATION_FIELDS) {
    const problem = lengthError(LOCATION_LABELS[field], WAREHOUSE_LIMITS.placeField, location[field]);
    if (problem) return problem;
  }
  return lengthError('Location notes', WAREHOUSE_LIMITS.placeNotes, location.notes);
}
