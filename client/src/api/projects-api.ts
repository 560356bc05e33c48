/**
 * Projects, their members, settings and history (spec 01 §7 "Projects"). Member lists are tagged
 * per project, so a change in one project's dialog refreshes only that project.
 */
import { baseApi } from './base-api.ts';
import type { AssignableUser, NewProject, Project, ProjectHistoryEntry, ProjectRole, ProjectSettings, ProjectUser } from './project-types.ts';

interface Items<T> {
  items: T[];
}

export interface Membership {
  user_id: string;
  project_id: string;
}

const LIST = { type: 'Project', id: 'LIST' } as const;

/** What a change of membership makes stale: the members, the history and, for oneself, the role. */
const membershipTags = (projectId: string) =>
  [{ type: 'ProjectMembers', id: projectId }, { type: 'ProjectHistory', id: projectId }, { type: 'ProjectRole', id: projectId }, LIST] as const;

export const projectsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listProjects: build.query<Project[], { q?: string; scope?: 'all' }>({
      query: ({ q, scope }) => (q || scope ? { url: 'api/projects', params: { ...(q ? { q } : {}), ...(scope ? { scope } : {}) } } : 'api/projects'),
      transformResponse: (response: Items<Project>) => response.items,
      providesTags: (projects = []) => [LIST, ...projects.map((p) => ({ type: 'Project' as const, id: p.id }))],
    }),
    getProject: build.query<Project, string>({
      query: (id) => `api/projects/${encodeURIComponent(id)}`,
      providesTags: (_result, _error, id) => [{ type: 'Project', id }],
    }),
    getMyProjectRole: build.query<{ project_role: ProjectRole | null }, string>({
      query: (id) => `api/projects/${encodeURIComponent(id)}/my-role`,
      providesTags: (_result, _error, id) => [{ type: 'ProjectRole', id }],
    }),
    getProjectUsers: build.query<ProjectUser[], string>({
      query: (projectId) => `api/users/project/${encodeURIComponent(projectId)}`,
      transformResponse: (response: Items<ProjectUser>) => response.items,
      providesTags: (_result, _error, projectId) => [{ type: 'ProjectMembers', id: projectId }],
    }),
    getAssignableUsers: build.query<AssignableUser[], string>({
      query: (projectId) => `api/projects/${encodeURIComponent(projectId)}/assignable-users`,
      transformResponse: (response: Items<AssignableUser>) => response.items,
      providesTags: (_result, _error, projectId) => [{ type: 'ProjectMembers', id: projectId }],
    }),
    getProjectSettings: build.query<ProjectSettings, string>({
      query: (id) => `api/projects/${encodeURIComponent(id)}/settings`,
      providesTags: (_result, _error, id) => [{ type: 'ProjectSettings', id }],
    }),
    getProjectHistory: build.query<ProjectHistoryEntry[], string>({
      query: (id) => `api/projects/${encodeURIComponent(id)}/history`,
      transformResponse: (response: Items<ProjectHistoryEntry>) => response.items,
      providesTags: (_result, _error, id) => [{ type: 'ProjectHistory', id }],
    }),
    createProject: build.mutation<Project, NewProject>({
      query: (body) => ({ url: 'api/projects', method: 'POST', body }),
      invalidatesTags: [LIST],
    }),
    assignUser: build.mutation<{ ok: true }, Membership & { project_role?: ProjectRole }>({
      query: (body) => ({ url: 'api/projects/assign', method: 'POST', body }),
      invalidatesTags: (_result, _error, { project_id }) => [...membershipTags(project_id)],
    }),
    removeUser: build.mutation<{ ok: true }, Membership>({
      query: (body) => ({ url: 'api/projects/remove', method: 'POST', body }),
      invalidatesTags: (_result, _error, { project_id }) => [...membershipTags(project_id)],
    }),
    setProjectRole: build.mutation<{ ok: true }, Membership & { project_role: ProjectRole }>({
      query: ({ project_id, user_id, project_role }) => ({
        url: `api/projects/${encodeURIComponent(project_id)}/role`,
        method: 'PATCH',
        body: { user_id, project_role },
      }),
      invalidatesTags: (_result, _error, { project_id }) => [...membershipTags(project_id)],
    }),
    updateProjectSettings: build.mutation<ProjectSettings, { id: string; patch: Partial<ProjectSettings> }>({
      query: ({ id, patch }) => ({
        url: `api/projects/${encodeURIComponent(id)}/settings`,
        method: 'PATCH',
        body: patch,
      }),
      // The switch flips at once; a refusal puts it back (spec 02 §4.3 applies the same rule to toggles).
      async onQueryStarted({ id, patch }, { dispatch, queryFulfilled }) {
        const optimistic = dispatch(
          projectsApi.util.updateQueryData('getProjectSettings', id, (draft) => {
            Object.assign(draft, patch);
          }),
        );
        try {
          const { data } = await queryFulfilled;
          dispatch(projectsApi.util.upsertQueryData('getProjectSettings', id, data));
        } catch {
          optimistic.undo();
        }
      },
      invalidatesTags: (_result, error, { id }) => (error ? [] : [{ type: 'Project', id }]),
    }),
    deleteProject: build.mutation<void, string>({
      query: (id) => ({ url: `api/projects/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_result, error) => (error ? [] : [LIST]),
    }),
  }),
});

export const {
  useListProjectsQuery,
  useGetProjectQuery,
  useGetMyProjectRoleQuery,
  useGetProjectUsersQuery,
  useGetAssignableUsersQuery,
  useGetProjectSettingsQuery,
  useGetProjectHistoryQuery,
  useCreateProjectMutation,
  useAssignUserMutation,
  useRemoveUserMutation,
  useSetProjectRoleMutation,
  useUpdateProjectSettingsMutation,
  useDeleteProjectMutation,
} = projectsApi;
