/** Projects: the list, one project, settings, members and their roles, and the history. */
import { z } from 'zod';
import { id, text } from './fields.ts';
import { MAX_LENGTH } from './limits.ts';
import { projectRole } from './users.ts';
import { PROJECT_NAME_REQUIRED, PROJECT_NUMBER_REQUIRED } from './messages.ts';

export { projectRole };
export type ProjectRole = z.infer<typeof projectRole>;

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
export type Project = z.infer<typeof projectSchema>;
export const projectWithRole = projectSchema.extend({ project_role: projectRole.nullable() });
export type ProjectWithRole = z.infer<typeof projectWithRole>;

export const projectIdParams = z.object({ id: id('Project id', 'id must be a valid id') });
export const userIdParams = z.object({ userId: id('User id', 'userId must be a valid id') });
export const projectsQuery = z.object({
  q: text({ label: 'Search', max: MAX_LENGTH.search }).optional(),
  /** `all`: every active project, member or not (global admins, for warehouse moves). */
  scope: z.enum(['mine', 'all'], { message: 'Scope must be mine or all' }).optional(),
});
export const userProjectsQuery = z.object({ role: projectRole.optional() });

export const createProjectBody = z.object({
  project_name: text({ label: 'Project name', max: MAX_LENGTH.projectName, required: PROJECT_NAME_REQUIRED }),
  project_customer: text({ label: 'Customer', max: MAX_LENGTH.projectCustomer }).nullish(),
  project_number: text({ label: 'Project number', max: MAX_LENGTH.projectNumber, required: PROJECT_NUMBER_REQUIRED }),
});

export const memberBody = z.object({
  user_id: id('User', 'user_id must be a valid id'),
  project_id: id('Project', 'project_id must be a valid id'),
  project_role: projectRole.optional(),
});
export const removeMemberBody = memberBody.omit({ project_role: true });
export const roleBody = z.object({ user_id: id('User', 'user_id must be a valid id'), project_role: projectRole });

export const settingsSchema = z.object({ managing_logistics: z.boolean(), hide_from_transfer_list: z.boolean() });
export type ProjectSettings = z.infer<typeof settingsSchema>;
export const settingsPatch = settingsSchema.partial().refine((v) => Object.keys(v).length > 0, 'Send managing_logistics or hide_from_transfer_list');

/** A member who can be assigned stock. */
export const assignableUser = z.object({
  uuid: z.string(),
  user_firstname: z.string(),
  user_lastname: z.string(),
  user_email: z.string(),
  project_role: projectRole,
});
export const myRole = z.object({ project_role: projectRole.nullable() });

/** One membership or settings change of a project, for the superadmin's history view. */
export const historyItem = z.object({ position: z.number(), date: z.string(), type: z.string(), actor: z.string(), summary: z.string() });
export type ProjectHistoryEntry = z.infer<typeof historyItem>;
