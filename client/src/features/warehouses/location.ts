/**
 * A place inside a warehouse (spec 02 §2.4: rack, shelf, bin, zone, notes): how it reads in
 * tables and pickers, how a form's boxes become one, and whether two name the same place.
 */
import type { StockLocation } from '../../api/warehouse-types.ts';

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

/** "Zone North · Rack A · Shelf 2": the named fields, broadest first; "Unplaced" when none is set. */
export function locationLabel(location: Partial<Pick<StockLocation, LocationField>>): string {
  const order: LocationField[] = ['zone', 'rack', 'shelf', 'bin'];
  const parts = order.map((f) => {
    const value = location[f]?.trim();
    return value ? `${LOCATION_LABELS[f]} ${value}` : '';
  });
  const text = parts.filter(Boolean).join(' · ');
  return text || 'Unplaced';
}

/** The typed location as sent: trimmed, blank fields left out. */
export function locationBody(values: LocationValues): Partial<LocationValues> {
  const body: Partial<LocationValues> = {};
  for (const field of [...LOCATION_FIELDS, 'notes'] as const) {
    const value = values[field].trim();
    if (value !== '') body[field] = value;
  }
  return body;
}

/** True when at least one of rack, shelf, bin or zone is filled in. */
export function hasPlace(values: LocationValues): boolean {
  return LOCATION_FIELDS.some((f) => values[f].trim() !== '');
}

/** Whether two locations are the same place (the notes do not make a place). */
export function samePlace(a: Partial<Pick<StockLocation, LocationField>>, b: Partial<Pick<StockLocation, LocationField>>): boolean {
  return LOCATION_FIELDS.every((f) => (a[f] ?? '').trim().toLowerCase() === (b[f] ?? '').trim().toLowerCase());
}
