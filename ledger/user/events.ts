/** Events of one user's stream (`user:<id>`). Credentials never enter the ledger. */
import { z } from 'zod';

export const GLOBAL_ROLES = ['guest', 'user', 'admin', 'superadmin'] as const;
export const globalRoleSchema = z.enum(GLOBAL_ROLES);
export type GlobalRole = z.infer<typeof globalRoleSchema>;

export const userRegisteredSchema = z.object({
  userId: z.uuid(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: globalRoleSchema,
  emails: z.boolean(),
  stockEmails: z.boolean(),
});

export type UserEvent = { type: 'UserRegistered'; data: z.infer<typeof userRegisteredSchema> };

export const userEventSchemas = {
  UserRegistered: userRegisteredSchema,
} as const;

export const userStreamId = (userId: string) => `user:${userId}`;
