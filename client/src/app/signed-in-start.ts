/**
 * A signed-in page opened directly (a bookmark, a reload, a label's link): the reads its first screen
 * waits on start beside the session check instead of one after another (the session, then the
 * maintenance check, then the projects, then the inventory). Each is a plain GET of the cache entry
 * the screen asks for, so the screen finds it answered or on its way; the inventory's own refetch
 * on mount is then a revalidation its ETag answers with 304.
 */
import { matchPath } from 'react-router-dom';
import { projectsApi } from '../api/projects-api.ts';
import { siteApi } from '../api/site-api.ts';
import type { AppStore } from './store.ts';

export function startSignedInReads(store: AppStore, pathname: string): void {
  const { user, currentProject, dashboardMode } = store.getState().session;
  // Nobody held by this browser: the sign-in page needs none of them.
  if (!user) return;
  store.dispatch(siteApi.util.prefetch('getPublicSettings', undefined, {}));
  if (!matchPath('/dashboard', pathname)) return;
  store.dispatch(projectsApi.util.prefetch('listProjects', {}, {}));
  if (!currentProject || dashboardMode !== 'materials') return;
  const projectId = currentProject.id;
  // The materials reads belong to the dashboard's chunk, not the sign-in page's.
  void import('../api/materials-api.ts').then(({ materialsApi }) => store.dispatch(materialsApi.util.prefetch('getInventory', projectId, {})));
}
