/** `label_templates`: each project's label templates, for the templates page and the import dialog. */
import { isLabelTemplateEvent, LABEL_TEMPLATE_EVENT_TYPES } from '../../ledger/label-template/events.ts';
import type { Projector, RowOp } from '../projector.ts';

/**
 * JSON text with object keys in jsonb's own order (shorter keys first, then by bytes), so the
 * projected value and the value read back from the jsonb column compare equal in `verify`.
 */
export function jsonbText(value: unknown): string {
  const order = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(order);
    if (v === null || typeof v !== 'object') return v;
    const keys = Object.keys(v).sort((a, b) => Buffer.byteLength(a) - Buffer.byteLength(b) || Buffer.compare(Buffer.from(a), Buffer.from(b)));
    return Object.fromEntries(keys.map((k) => [k, order((v as Record<string, unknown>)[k])]));
  };
  return JSON.stringify(order(value));
}

export const labelTemplatesProjector: Projector = {
  name: 'label_templates',
  version: 1,
  tables: [{ name: 'label_templates', key: ['id'], columns: ['id', 'project_id', 'name', 'template_data', 'created_at', 'updated_at'] }],
  handles: LABEL_TEMPLATE_EVENT_TYPES,
  project(event): RowOp[] {
    const e = event;
    if (!isLabelTemplateEvent(e)) return [];
    switch (e.type) {
      case 'LabelTemplateCreated':
        return [
          {
            kind: 'insert',
            table: 'label_templates',
            row: {
              id: e.data.templateId,
              project_id: e.data.projectId,
              name: e.data.name,
              template_data: jsonbText(e.data.templateData),
              created_at: event.occurredAt,
              updated_at: event.occurredAt,
            },
          },
        ];
      case 'LabelTemplateChanged':
        return [
          {
            kind: 'update',
            table: 'label_templates',
            key: { id: e.data.templateId },
            set: { name: e.data.name, template_data: jsonbText(e.data.templateData), updated_at: event.occurredAt },
          },
        ];
      case 'LabelTemplateDeleted':
        return [{ kind: 'delete', table: 'label_templates', key: { id: e.data.templateId } }];
      default: {
        const unknown: never = e;
        return unknown;
      }
    }
  },
};
