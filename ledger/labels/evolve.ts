import type { LabelEvent } from './events.ts';
import type { LabelsState } from './state.ts';

export function evolve(state: LabelsState, event: LabelEvent): LabelsState {
  const live = new Map(state.live);
  const deleted = new Set(state.deleted);
  if (event.type === 'LabelsImported') {
    for (const label of event.data.labels) live.set(label.id, { system: label.system, clusterPod: label.clusterPod });
  } else {
    for (const label of event.data.labels) {
      live.delete(label.id);
      deleted.add(label.id);
    }
  }
  return { live, deleted };
}
