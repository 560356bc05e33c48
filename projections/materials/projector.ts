/** `materials`: the catalogue shared by all projects, one row per part (renumbering moves the key's number). */
import type { Projector, RowOp } from '../projector.ts';
import { isMaterialEvent } from '../../ledger/material/events.ts';

export const materialsProjector: Projector = {
  name: 'materials',
  version: 1,
  tables: [{ name: 'materials', key: ['material_id'], columns: ['material_id', 'part_number', 'part_name', 'part_nickname', 'created_at', 'updated_at'] }],
  handles: ['MaterialDefined', 'MaterialDetailsEdited'],
  project(event): RowOp[] {
    const e = event;
    if (!isMaterialEvent(e)) return [];
    switch (e.type) {
      case 'MaterialDefined':
        return [
          {
            kind: 'insert',
            table: 'materials',
            row: {
              material_id: e.data.materialId,
              part_number: e.data.partNumber,
              part_name: e.data.partName,
              part_nickname: e.data.partNickname,
              created_at: event.occurredAt,
              updated_at: event.occurredAt,
            },
          },
        ];
      case 'MaterialDetailsEdited':
        return [
          {
            kind: 'update',
            table: 'materials',
            key: { material_id: e.data.materialId },
            set: { part_number: e.data.partNumber, part_name: e.data.partName, part_nickname: e.data.partNickname, updated_at: event.occurredAt },
          },
        ];
      default: {
        const unknown: never = e;
        return unknown;
      }
    }
  },
};
