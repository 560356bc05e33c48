/**
 * The labels of a project that a decision needs. The whole stream folds to every live label (and
 * every deleted id); a command handler loads only the labels its command names (a delete needs to
 * know which of its ids are live labels of the project), read from the `labels` table kept in the
 * same transaction as the stream's events, so the slice is exactly what the fold gives for them.
 */
export interface LiveLabel {
  system: string | null;
  clusterPod: string | null;
}

export interface LabelsState {
  live: Map<string, LiveLabel>;
  /** Ids deleted by the events folded here (lets a slice loaded earlier be brought up to date). */
  deleted: Set<string>;
}

export const initialLabelsState = (): LabelsState => ({ live: new Map(), deleted: new Set() });
