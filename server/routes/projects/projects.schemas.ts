import { z } from 'zod';
import { PROJECT_ROLES } from '../../../ledger/project/events.ts';

export const projectRole = z.enum(PROJECT_ROLES, { error: 'Choose user, manager or admin' });
export const uuidParam = (name: string) => z.uuid({ error: `${name} must be a valid id` });

export const projectSchema = z.object({
  id: z.string(),
  num_id: z.number(),
  project_name: z.string(),
  project_customer: z.string().nullable(),
  project_number: z.string(),
  created_at: z.string(),
  managing_logistics: z.boolean(),
  hide_from_transfer_list: z.boolean(),
});
export type ProjectOut = z.infer<typeof projectSchema>;
export const projectWithRole = projectSchema.extend({ project_role: projectRole.nullable() });

export const projectIdParams = z.object({ id: uuidParam('id') });

export const createProjectBody = z.object({
  project_name: z.string({ error: 'Project name is required' }).trim().min(1, 'Project name is required').max(200),
  project_customer: z.string().trim().max(200).nullish(),
  project_number: z.string({ error: 'Project number is required' }).trim().min(1, 'Project number is required').max(100),
});

export const memberBody = z.object({
  user_id: uuidParam('user_id'),
  project_id: uuidParam('project_id'),
  project_role: projectRole.optional(),
});

export const roleBody = z.object({ user_id: uuidParam('user_id'), project_role: projectRole });

export const settingsSchema = z.object({ managing_logistics: z.boolean(), hide_from_transfer_list: z.boolean() });
export const settingsPatch = settingsSchema.partial().refine((v) => Object.keys(v).length > 0, 'Send managing_logistics or hide_from_transfer_list');

export const assignableUser = z.object({
  uuid: z.string(),
  user_firstname: z.string(),
  user_lastname: z.string(),
  user_email: z.string(),
  project_role: projectRole,
});

export const historyItem = z.object({ position: z.number(), date: z.string(), type: z.string(), actor: z.string(), summary: z.string() });

export const ok = z.object({ ok: z.literal(true) });

export function toProject(row: {
  id: string;
  num_id: number;
  project_name: string;
  project_customer: string | null;
  project_number: string;
  created_at: Date;
  managing_logistics: boolean;
  hide_from_transfer_list: boolean;
}): ProjectOut {
  return {
    id: row.id,
    num_id: row.num_id,
    project_name: row.project_name,
    project_customer: row.project_customer,
    project_number: row.project_number,
    created_at: row.created_at.toISOString(),
    managing_logistics: row.managing_logistics,
    hide_from_transfer_list: row.hide_from_transfer_list,
  };
}
