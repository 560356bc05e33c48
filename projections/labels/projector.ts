/**
 * `labels` and `label_tag_counts`: the label database and its per-tag counts, folded from the
 * `labels:<project_id>` streams. A label's place in its project (`seq`) is its import event's
 * position × 1,000 plus its place in the event, so a rebuild gives every label the same place.
 */
import { isLabelEvent, LABEL_EVENT_TYPES, LABELS_PER_EVENT } from '../../ledger/labels/events.ts';
import type { Projector, RowOp } from '../projector.ts';

type TagKind = 'all' | 'system' | 'cluster_pod';

function tagCounts(projectId: string, labels: ReadonlyArray<{ system: string | null; clusterPod: string | null }>, sign: 1 | -1): RowOp[] {
  const counts = new Map<string, { kind: TagKind; value: string; n: number }>();
  const bump = (kind: TagKind, value: string) => {
    const key = `${kind}\u0000${value}`;
    const entry = counts.get(key) ?? { kind, value, n: 0 };
    entry.n += 1;
    counts.set(key, entry);
  };
  for (const label of labels) {
    bump('all', '');
    if (label.system) bump('system', label.system);
    if (label.clusterPod) bump('cluster_pod', label.clusterPod);
  }
  return [...counts.values()].map(({ kind, value, n }): RowOp => {
    const key = { project_id: projectId, kind, value };
    // Increments may create the row; decrements find it (a live label was counted in it).
    return sign === 1
      ? { kind: 'upsert', table: 'label_tag_counts', key, add: { labels: n } }
      : { kind: 'update', table: 'label_tag_counts', key, add: { labels: -n } };
  });
}

export const labelsProjector: Projector = {
  name: 'labels',
  version: 1,
  tables: [
    { name: 'labels', key: ['id'], columns: ['id', 'project_id', 'seq', 'label_lines', 'search_text', 'system', 'cluster_pod', 'imported_at'] },
    { name: 'label_tag_counts', key: ['project_id', 'kind', 'value'], columns: ['project_id', 'kind', 'value', 'labels'] },
  ],
  handles: LABEL_EVENT_TYPES,
  project(event): RowOp[] {
    const e = event;
    if (!isLabelEvent(e)) return [];
    const { projectId } = e.data;
    if (e.type === 'LabelsImported') {
      const rows: RowOp[] = e.data.labels.map((label, i) => ({
        kind: 'insert',
        table: 'labels',
        row: {
          id: label.id,
          project_id: projectId,
          seq: event.globalPosition * LABELS_PER_EVENT + i,
          label_lines: JSON.stringify(label.lines),
          search_text: label.lines.join('\n'),
          system: label.system,
          cluster_pod: label.clusterPod,
          imported_at: event.occurredAt,
        },
      }));
      return [...rows, ...tagCounts(projectId, e.data.labels, 1)];
    }
    const deletes: RowOp[] = e.data.labels.map((label) => ({ kind: 'delete', table: 'labels', key: { id: label.id } }));
    return [...deletes, ...tagCounts(projectId, e.data.labels, -1)];
  },
};
