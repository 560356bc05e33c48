/** Events of one project's stream (`project:<id>`): its details, settings and memberships. */
import { z } from 'zod';
import type { RecordedEvent } from '../event-store/types.ts';
import { PROJECT_ROLES } from '../../contract/roles.ts';
import type { Change } from '../topics.ts';

export const projectRoleSchema = z.enum(PROJECT_ROLES);
export type ProjectRole = z.infer<typeof projectRoleSchema>;

const member = { projectId: z.uuid(), userId: z.uuid(), userName: z.string() };

export const projectEventSchemas = {
  ProjectCreated: z.object({
    projectId: z.uuid(),
    numId: z.number().int(),
    name: z.string(),
    customer: z.string().nullable(),
    number: z.string(),
  }),
  ProjectSettingsChanged: z.object({ projectId: z.uuid(), managingLogistics: z.boolean(), hideFromTransferList: z.boolean() }),
  ProjectMemberAdded: z.object({ ...member, role: projectRoleSchema }),
  ProjectMemberRoleChanged: z.object({ ...member, role: projectRoleSchema, previousRole: projectRoleSchema }),
  ProjectMemberRemoved: z.object(member),
  /** Project-wide stock warning thresholds; a part's own thresholds win, null means the default. */
  ProjectStockWarningsSet: z.object({
    projectId: z.uuid(),
    lowThreshold: z.number().nonnegative().nullable(),
    criticalThreshold: z.number().nonnegative().nullable(),
  }),
  /** A deleted project: gone from lists and pickers, its history kept. */
  ProjectArchived: z.object({ projectId: z.uuid() }),
} as const;

type Schemas = typeof projectEventSchemas;
export type ProjectEvent = { [T in keyof Schemas]: { type: T; data: z.infer<Schemas[T]> } }[keyof Schemas];
export type ProjectEventType = ProjectEvent['type'];
export const PROJECT_EVENT_TYPES = Object.keys(projectEventSchemas) as ProjectEventType[];

export const projectStreamId = (projectId: string) => `project:${projectId}`;

export const isProjectEvent = (event: RecordedEvent): event is RecordedEvent & ProjectEvent => Object.hasOwn(projectEventSchemas, event.type);

export const projectTopics = (event: ProjectEvent): Change[] => [{ projectId: event.data.projectId, topics: ['project', 'members'] }];
