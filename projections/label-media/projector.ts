/** `label_media`: the site's saved label media, for the print dialog's list and the media editor. */
import { isLabelMediaEvent, LABEL_MEDIA_EVENT_TYPES } from '../../ledger/label-media/events.ts';
import { jsonbText } from '../label-templates/projector.ts';
import type { Projector, RowOp } from '../projector.ts';

export const labelMediaProjector: Projector = {
  name: 'label_media',
  version: 1,
  tables: [{ name: 'label_media', key: ['id'], columns: ['id', 'name', 'medium', 'created_at', 'updated_at'] }],
  handles: LABEL_MEDIA_EVENT_TYPES,
  project(event): RowOp[] {
    const e = event;
    if (!isLabelMediaEvent(e)) return [];
    switch (e.type) {
      case 'LabelMediumSaved':
        return [
          {
            kind: 'insert',
            table: 'label_media',
            row: { id: e.data.mediumId, name: e.data.name, medium: jsonbText(e.data.medium), created_at: event.occurredAt, updated_at: event.occurredAt },
          },
        ];
      case 'LabelMediumChanged':
        return [
          {
            kind: 'update',
            table: 'label_media',
            key: { id: e.data.mediumId },
            set: { name: e.data.name, medium: jsonbText(e.data.medium), updated_at: event.occurredAt },
          },
        ];
      case 'LabelMediumDeleted':
        return [{ kind: 'delete', table: 'label_media', key: { id: e.data.mediumId } }];
      default: {
        const unknown: never = e;
        return unknown;
      }
    }
  },
};
