/** Events of one user's stream (`user:<id>`). Credentials never enter the ledger. */
import { z } from 'zod';
import type { RecordedEvent } from '../event-store/types.ts';
import { GLOBAL_ROLES } from '../../contract/roles.ts';
import { EVERY_PROJECT } from '../../contract/topics.ts';
import type { Change } from '../topics.ts';

export const globalRoleSchema = z.enum(GLOBAL_ROLES);
export type GlobalRole = z.infer<typeof globalRoleSchema>;

const profile = {
  userId: z.uuid(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: globalRoleSchema,
  emails: z.boolean(),
  stockEmails: z.boolean(),
};

export const userEventSchemas = {
  /** An account created with a password (the first superadmin, seeded users). */
  UserRegistered: z.object(profile),
  /** An account created by an invitation; it becomes active when its password is first set. */
  UserInvited: z.object({ ...profile, invitedBy: z.string().nullable() }),
  UserActivated: z.object({ userId: z.uuid() }),
  UserRoleChanged: z.object({ userId: z.uuid(), role: globalRoleSchema, previousRole: globalRoleSchema }),
  UserEmailPreferencesChanged: z.object({ userId: z.uuid(), emails: z.boolean(), stockEmails: z.boolean() }),
  UserDeactivated: z.object({ userId: z.uuid() }),
} as const;

type Schemas = typeof userEventSchemas;
export type UserEvent = { [T in keyof Schemas]: { type: T; data: z.infer<Schemas[T]> } }[keyof Schemas];
export type UserEventType = UserEvent['type'];
export const USER_EVENT_TYPES = Object.keys(userEventSchemas) as UserEventType[];

export const userStreamId = (userId: string) => `user:${userId}`;

export const isUserEvent = (event: RecordedEvent): event is RecordedEvent & UserEvent => Object.hasOwn(userEventSchemas, event.type);

export const userTopics = (): Change[] => [{ projectId: EVERY_PROJECT, topics: ['users'] }];
