/** Users: the admin list, lookups, invitations, roles and e-mail preferences. */
import { z } from 'zod';
import { PROJECT_ROLES } from './roles.ts';
import { globalRole } from './auth.ts';
import { email, id, pageNumber, pageSize, text } from './fields.ts';
import { MAX_LENGTH, USER_PAGE_SIZE } from './limits.ts';
import { FIRST_NAME_REQUIRED, LAST_NAME_REQUIRED } from './messages.ts';

export { globalRole };
export const projectRole = z.enum(PROJECT_ROLES, { error: 'Choose user, manager or admin' });

export const userRow = z.object({
  id: z.string(),
  uuid: z.string(),
  user_id: z.string(),
  email: z.string(),
  user_email: z.string(),
  user_firstname: z.string(),
  user_lastname: z.string(),
  role: globalRole,
  user_role: globalRole,
  created_at: z.string(),
  emails: z.boolean(),
  stock_emails: z.boolean(),
  status: z.enum(['active', 'invited']),
});
export type UserRow = z.infer<typeof userRow>;
export const userPage = z.object({ items: z.array(userRow), total: z.number() });
export type UserPage = z.infer<typeof userPage>;

export const listQuery = z.object({
  q: text({ label: 'Search', max: MAX_LENGTH.search }).optional(),
  role: globalRole.optional(),
  page: pageNumber(),
  page_size: pageSize(100, USER_PAGE_SIZE),
});

export const userNames = z.object({ id: z.string(), user_firstname: z.string(), user_lastname: z.string(), user_email: z.string() });
export const userByEmail = z.object({ uuid: z.string(), user_firstname: z.string(), user_lastname: z.string(), user_email: z.string() });
export const byEmailParams = z.object({ email: email() });
export const userIdParams = z.object({ id: id('User id', 'id must be a valid id') });

export const inviteBody = z.object({
  first_name: text({ label: 'First name', max: MAX_LENGTH.firstName, required: FIRST_NAME_REQUIRED }),
  last_name: text({ label: 'Last name', max: MAX_LENGTH.lastName, required: LAST_NAME_REQUIRED }),
  email: email({ checkFormat: true }),
  role: globalRole.default('user'),
});
export type InviteRequest = z.input<typeof inviteBody>;
export const invited = z.object({ id: z.string(), email: z.string() });

export const idsBody = z.object({
  ids: z.array(id('User id', 'each id must be a valid id')).min(1, 'Select at least one user').max(500, 'Select at most 500 users'),
});
export const rolesBody = idsBody.extend({ role: globalRole });

export const emailPrefs = z.object({ emails: z.boolean(), stock_emails: z.boolean() });
export const emailPrefsBody = emailPrefs.partial().refine((v) => v.emails !== undefined || v.stock_emails !== undefined, 'Send emails or stock_emails');

/** A member of a project (GET /api/users/project/{id}). */
export const projectUser = z.object({
  user_id: z.string(),
  user_firstname: z.string(),
  user_lastname: z.string(),
  user_email: z.string(),
  project_role: projectRole,
});
export type ProjectUser = z.infer<typeof projectUser>;
