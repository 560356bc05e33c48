import type { ProjectRole } from './events.ts';

export type ProjectCommand =
  | {
      type: 'CreateProject';
      /** The creator, when there is one, becomes the project's admin in the same decision. */
      data: { projectId: string; numId: number; name: string; customer: string | null; number: string; creator?: { userId: string; userName: string } | null };
    }
  | { type: 'ChangeProjectSettings'; data: { managingLogistics?: boolean; hideFromTransferList?: boolean } }
  | { type: 'AddProjectMember'; data: { userId: string; userName: string; role: ProjectRole; userIsActive: boolean } }
  | { type: 'ChangeProjectMemberRole'; data: { userId: string; userName: string; role: ProjectRole } }
  | { type: 'RemoveProjectMember'; data: { userId: string; userName: string } }
  | { type: 'SetProjectStockWarnings'; data: { lowThreshold: number | null; criticalThreshold: number | null } }
  | { type: 'ArchiveProject'; data: Record<string, never> };
