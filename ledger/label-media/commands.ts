import type { StoredMedium } from './events.ts';

/** Commands of the site's saved media; a new medium's id is chosen by the caller. */
export type LabelMediaCommand =
  | { type: 'SaveLabelMedium'; data: { mediumId: string; name: string; medium: StoredMedium } }
  | { type: 'ChangeLabelMedium'; data: { mediumId: string; name: string; medium: StoredMedium } }
  | { type: 'DeleteLabelMedium'; data: { mediumId: string } };
