import type { StoredMedium } from './events.ts';

export interface SavedMediumState {
  name: string;
  medium: StoredMedium;
}

/** Every saved medium of the site by id (at most MEDIA_LIMITS.saved, so the fold stays small). */
export interface LabelMediaState {
  media: ReadonlyMap<string, SavedMediumState>;
}

export const initialLabelMediaState = (): LabelMediaState => ({ media: new Map() });
