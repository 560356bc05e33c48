import { z } from 'zod';
import { GLOBAL_ROLES } from '../../../ledger/user/events.ts';

export const globalRole = z.enum(GLOBAL_ROLES, { error: 'Choose guest, user, admin or superadmin' });

export const userRow = z.object({
  id: z.string(),
  uuid: z.string(),
  user_id: z.string(),
  email: z.string(),
  user_email: z.string(),
  user_firstname: z.string(),
  user_lastname: z.string(),
  role: z.string(),
  user_role: z.string(),
  created_at: z.string(),
  emails: z.boolean(),
  stock_emails: z.boolean(),
  status: z.enum(['active', 'invited']),
});

export const listQuery = z.object({
  q: z.string().max(200).optional(),
  role: globalRole.optional(),
  page: z.coerce.number({ error: 'must be a number' }).int().min(1, 'must be 1 or more').default(1),
  page_size: z.coerce.number({ error: 'must be a number' }).int().min(1, 'must be 1 or more').max(100, 'must be at most 100').default(25),
});

export const userNames = z.object({ id: z.string(), user_firstname: z.string(), user_lastname: z.string(), user_email: z.string() });

export const inviteBody = z.object({
  first_name: z.string({ error: 'First name is required' }).trim().min(1, 'First name is required').max(100),
  last_name: z.string({ error: 'Last name is required' }).trim().min(1, 'Last name is required').max(100),
  email: z.string({ error: 'Email is required' }).trim().toLowerCase().pipe(z.email({ error: 'Enter a valid e-mail address' })),
  role: globalRole.default('user'),
});

export const idsBody = z.object({ ids: z.array(z.uuid({ error: 'each id must be a valid id' })).min(1, 'Select at least one user').max(500) });

export const emailPrefsBody = z
  .object({ emails: z.boolean().optional(), stock_emails: z.boolean().optional() })
  .refine((v) => v.emails !== undefined || v.stock_emails !== undefined, 'Send emails or stock_emails');

export function toUserRow(u: {
  id: string;
  email: string;
  user_firstname: string;
  user_lastname: string;
  role: string;
  created_at: Date;
  emails: boolean;
  stock_emails: boolean;
  status: 'active' | 'invited';
}): z.infer<typeof userRow> {
  const role = u.role.toLowerCase();
  return {
    id: u.id,
    uuid: u.id,
    user_id: u.id,
    email: u.email,
    user_email: u.email,
    user_firstname: u.user_firstname,
    user_lastname: u.user_lastname,
    role,
    user_role: role,
    created_at: u.created_at.toISOString(),
    emails: u.emails,
    stock_emails: u.stock_emails,
    status: u.status,
  };
}
