/** Events of one user's stream (`user:<id>`). Credentials never enter the ledger. */
import { z } from 'zod';
import type { RecordedEvent } from '../event-store/types.ts';
import { GLOBAL_ROLES } from '../../contract/roles.ts';
import { SECOND_FACTOR_METHODS, SIGN_IN_METHODS } from '../../contract/sign-in.ts';
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
  // Sign-in and second factors. The secrets stay beside the ledger (user_passkeys, user_totp,
  // user_recovery_codes); these say what happened. `secondFactors` is the count after the event.
  PasskeyRegistered: z.object({ userId: z.uuid(), passkeyId: z.uuid(), name: z.string(), secondFactors: z.number().int() }),
  PasskeyRenamed: z.object({ userId: z.uuid(), passkeyId: z.uuid(), name: z.string() }),
  PasskeyRemoved: z.object({ userId: z.uuid(), passkeyId: z.uuid(), name: z.string(), secondFactors: z.number().int() }),
  AuthenticatorAppEnrolled: z.object({ userId: z.uuid(), secondFactors: z.number().int() }),
  AuthenticatorAppRemoved: z.object({ userId: z.uuid(), secondFactors: z.number().int() }),
  RecoveryCodesGenerated: z.object({ userId: z.uuid(), count: z.number().int() }),
  RecoveryCodeUsed: z.object({ userId: z.uuid(), remaining: z.number().int() }),
  /** An admin took away every second factor (the actor in the metadata is who did it). */
  SecondFactorsReset: z.object({ userId: z.uuid(), passkeys: z.number().int(), authenticatorApp: z.boolean(), recoveryCodes: z.number().int() }),
  UserSignedIn: z.object({
    userId: z.uuid(),
    method: z.enum(SIGN_IN_METHODS),
    secondFactor: z.enum(SECOND_FACTOR_METHODS).nullable(),
    /** The single sign-on provider's id, for method `sso`. */
    provider: z.string().nullable(),
  }),
  /** A provider's account was linked to this person on their first single sign-on. */
  SingleSignOnLinked: z.object({ userId: z.uuid(), provider: z.string(), email: z.string() }),
} as const;

type Schemas = typeof userEventSchemas;
export type UserEvent = { [T in keyof Schemas]: { type: T; data: z.infer<Schemas[T]> } }[keyof Schemas];
export type UserEventType = UserEvent['type'];
export const USER_EVENT_TYPES = Object.keys(userEventSchemas) as UserEventType[];

export const userStreamId = (userId: string) => `user:${userId}`;

/**
 * User events that change nobody's access: a sign-in, a recovery code used or renewed, a renamed
 * passkey, a linked provider account. Caches of who may do what keep their answers across them, so
 * a morning's sign-ins do not empty every process's cache (migration 0057 lists them too).
 */
export const ACCESS_NEUTRAL_USER_EVENTS: readonly UserEventType[] = [
  'UserSignedIn',
  'RecoveryCodeUsed',
  'RecoveryCodesGenerated',
  'PasskeyRenamed',
  'SingleSignOnLinked',
];

export const isUserEvent = (event: RecordedEvent): event is RecordedEvent & UserEvent => Object.hasOwn(userEventSchemas, event.type);

export const userTopics = (): Change[] => [{ projectId: EVERY_PROJECT, topics: ['users'] }];
