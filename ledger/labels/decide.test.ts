import { describe, it } from 'vitest';
import { deciderSpec } from '../testing/decider-spec.ts';
import { LABELS_NOT_IN_PROJECT, labelsDecider, NOTHING_TO_UNDO } from './decide.ts';
import type { ImportedLabel, LabelEvent } from './events.ts';

const spec = deciderSpec(labelsDecider);
const projectId = '00000000-0000-4000-8000-000000000001';
const importId = '00000000-0000-4000-8000-0000000000aa';
const labelId = (n: number) => `00000000-0000-4000-9000-${String(n).padStart(12, '0')}`;
const label = (n: number, system: string | null = 'SYS-A'): ImportedLabel => ({ id: labelId(n), lines: [`LINE ${n}`], system, clusterPod: null });
const imported = (labels: ImportedLabel[]): LabelEvent => ({ type: 'LabelsImported', data: { projectId, importId, labels } });

describe('label database aggregate', () => {
  it('records an import of 2,500 labels as three events of at most 1,000', () => {
    const labels = Array.from({ length: 2500 }, (_, i) => label(i + 1));
    spec
      .given([])
      .when({ type: 'ImportLabels', data: { projectId, importId, labels } })
      .then([imported(labels.slice(0, 1000)), imported(labels.slice(1000, 2000)), imported(labels.slice(2000))]);
  });

  it('refuses to import a label id twice', () => {
    spec
      .given([imported([label(1)])])
      .when({ type: 'ImportLabels', data: { projectId, importId, labels: [label(1)] } })
      .thenThrows('A label with this id already exists.', 'CONFLICT');
  });

  it('deletes live labels in one event that keeps their tags', () => {
    spec
      .given([imported([label(1), label(2, null), label(3)])])
      .when({ type: 'DeleteLabels', data: { projectId, ids: [labelId(2), labelId(1), labelId(2)] } })
      .then([
        {
          type: 'LabelsDeleted',
          data: {
            projectId,
            labels: [
              { id: labelId(2), system: null, clusterPod: null },
              { id: labelId(1), system: 'SYS-A', clusterPod: null },
            ],
          },
        },
      ]);
  });

  it('refuses the whole delete when one id is not a live label of the project', () => {
    spec
      .given([imported([label(1)])])
      .when({ type: 'DeleteLabels', data: { projectId, ids: [labelId(1), labelId(9)] } })
      .thenThrows(LABELS_NOT_IN_PROJECT, 'DOMAIN_RULE');
  });

  it('refuses to delete a label twice', () => {
    spec
      .given([imported([label(1)]), { type: 'LabelsDeleted', data: { projectId, labels: [{ id: labelId(1), system: 'SYS-A', clusterPod: null }] } }])
      .when({ type: 'DeleteLabels', data: { projectId, ids: [labelId(1)] } })
      .thenThrows(LABELS_NOT_IN_PROJECT, 'DOMAIN_RULE');
  });
});

describe('undoing an import', () => {
  it('removes in one event the labels of the import that are still live', () => {
    spec
      .given([
        imported([label(1), label(2), label(3)]),
        { type: 'LabelsDeleted', data: { projectId, labels: [{ id: labelId(2), system: 'SYS-A', clusterPod: null }] } },
      ])
      .when({ type: 'UndoLabelImport', data: { projectId, importId, ids: [labelId(1), labelId(2), labelId(3)] } })
      .then([
        {
          type: 'LabelsImportUndone',
          data: {
            projectId,
            importId,
            labels: [
              { id: labelId(1), system: 'SYS-A', clusterPod: null },
              { id: labelId(3), system: 'SYS-A', clusterPod: null },
            ],
          },
        },
      ]);
  });

  it('refuses an undo when nothing of the import is left', () => {
    spec
      .given([
        imported([label(1)]),
        { type: 'LabelsImportUndone', data: { projectId, importId, labels: [{ id: labelId(1), system: 'SYS-A', clusterPod: null }] } },
      ])
      .when({ type: 'UndoLabelImport', data: { projectId, importId, ids: [labelId(1)] } })
      .thenThrows(NOTHING_TO_UNDO, 'DOMAIN_RULE');
  });
});
