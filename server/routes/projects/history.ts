/** A project's membership and settings history, in words, from its own event stream. */
import type { RecordedEvent } from '../../../ledger/event-store/types.ts';
import { isProjectEvent } from '../../../ledger/project/events.ts';

export function describeProjectEvent(event: RecordedEvent): string {
  const e = event;
  if (!isProjectEvent(e)) return e.type;
  switch (e.type) {
    case 'ProjectCreated':
      return `Created project ${e.data.number} ${e.data.name}`;
    case 'ProjectSettingsChanged':
      return `Settings: managing logistics ${e.data.managingLogistics ? 'on' : 'off'}, hidden from transfer list ${e.data.hideFromTransferList ? 'yes' : 'no'}`;
    case 'ProjectMemberAdded':
      return `Added ${e.data.userName} as ${e.data.role}`;
    case 'ProjectMemberRoleChanged':
      return `Changed ${e.data.userName} from ${e.data.previousRole} to ${e.data.role}`;
    case 'ProjectMemberRemoved':
      return `Removed ${e.data.userName}`;
    case 'ProjectStockWarningsSet':
      return `Project-wide stock warnings: low ${e.data.lowThreshold ?? 'default'}, critical ${e.data.criticalThreshold ?? 'default'}`;
    case 'ProjectArchived':
      return 'Deleted the project (archived; its history is kept)';
    default: {
      const unknown: never = e;
      return String((unknown as { type: string }).type);
    }
  }
}
