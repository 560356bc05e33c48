/**
 * A project: details, settings, members. Loaded by folding its stream: tens of events at most.
 */
import type { ProjectRole } from './events.ts';

export interface ProjectState {
  projectId: string | null;
  status: 'none' | 'active' | 'archived';
  managingLogistics: boolean;
  hideFromTransferList: boolean;
  members: Record<string, ProjectRole>;
  lowThreshold: number | null;
  criticalThreshold: number | null;
}

export const initialProjectState = (): ProjectState => ({
  projectId: null,
  status: 'none',
  managingLogistics: false,
  hideFromTransferList: false,
  members: {},
  lowThreshold: null,
  criticalThreshold: null,
});
