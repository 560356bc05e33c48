/** `projects` and `project_members`: the project pickers, settings and membership checks read these. */
import { isProjectEvent, PROJECT_EVENT_TYPES } from '../../ledger/project/events.ts';
import type { Projector, RowOp } from '../projector.ts';

export const projectsProjector: Projector = {
  name: 'projects',
  version: 2,
  tables: [
    {
      name: 'projects',
      key: ['id'],
      columns: [
        'id',
        'num_id',
        'project_name',
        'project_customer',
        'project_number',
        'managing_logistics',
        'hide_from_transfer_list',
        'created_at',
        'archived_at',
        'low_stock_default',
        'critical_stock_default',
      ],
    },
    { name: 'project_members', key: ['project_id', 'user_id'], columns: ['project_id', 'user_id', 'project_role', 'added_at'] },
  ],
  handles: PROJECT_EVENT_TYPES,
  project(event): RowOp[] {
    const e = event;
    if (!isProjectEvent(e)) return [];
    switch (e.type) {
      case 'ProjectCreated':
        return [
          {
            kind: 'insert',
            table: 'projects',
            row: {
              id: e.data.projectId,
              num_id: e.data.numId,
              project_name: e.data.name,
              project_customer: e.data.customer,
              project_number: e.data.number,
              managing_logistics: false,
              hide_from_transfer_list: false,
              created_at: event.occurredAt,
              archived_at: null,
              low_stock_default: null,
              critical_stock_default: null,
            },
          },
        ];
      case 'ProjectSettingsChanged':
        return [
          {
            kind: 'update',
            table: 'projects',
            key: { id: e.data.projectId },
            set: { managing_logistics: e.data.managingLogistics, hide_from_transfer_list: e.data.hideFromTransferList },
          },
        ];
      case 'ProjectMemberAdded':
        return [
          {
            kind: 'insert',
            table: 'project_members',
            row: { project_id: e.data.projectId, user_id: e.data.userId, project_role: e.data.role, added_at: event.occurredAt },
          },
        ];
      case 'ProjectMemberRoleChanged':
        return [
          { kind: 'update', table: 'project_members', key: { project_id: e.data.projectId, user_id: e.data.userId }, set: { project_role: e.data.role } },
        ];
      case 'ProjectMemberRemoved':
        return [{ kind: 'delete', table: 'project_members', key: { project_id: e.data.projectId, user_id: e.data.userId } }];
      case 'ProjectStockWarningsSet':
        return [
          {
            kind: 'update',
            table: 'projects',
            key: { id: e.data.projectId },
            set: { low_stock_default: e.data.lowThreshold, critical_stock_default: e.data.criticalThreshold },
          },
        ];
      case 'ProjectArchived':
        return [{ kind: 'update', table: 'projects', key: { id: e.data.projectId }, set: { archived_at: event.occurredAt } }];
      default: {
        const unknown: never = e;
        return unknown;
      }
    }
  },
};
