/**
 * A signed-in page opened directly (a bookmark, a reload, a label's link): the reads its first screen
 * waits on start as soon as the person is known instead of one after another behind the screen's
 * code (the session, then the maintenance check, then the projects, then the inventory). Each is a
 * plain GET of the cache entry the screen asks for, so the screen finds it answered or on its way;
 * the inventory's own refetch on mount is then a revalidation its ETag answers with 304.
 */
import { matchPath } from 'react-router-dom';
import { projectsApi } from '../api/projects-api.ts';
import { siteApi } from '../api/site-api.ts';
import { restoreSession } from '../shared/session/restore-session.ts';
import type { AppStore } from './store.ts';

/**
 * Checks the session and starts the first screen's reads: at once when this browser already holds
 * the person (they may be sent beside the check), else as soon as the check says who is signed in.
 */
export function startSession(store: AppStore, pathname: string): void {
  const held = store.getState().session.user !== null;
  if (held) startSignedInReads(store, pathname);
  void store.dispatch(restoreSession()).then(() => {
    if (!held) startSignedInReads(store, pathname);
  });
}

export function startSignedInReads(store: AppStore, pathname: string): void {
  const { user, currentProject, dashboardMode } = store.getState().session;
  // Nobody signed in: the sign-in page needs none of them.
  if (!user) return;
  store.dispatch(siteApi.util.prefetch('getPublicSettings', undefined, {}));
  if (!matchPath('/dashboard', pathname)) return;
  const projects = store.dispatch(projectsApi.endpoints.listProjects.initiate({}, { subscribe: false }));
  if (dashboardMode !== 'materials') return;
  // The materials reads belong to the dashboard's chunk, not the sign-in page's.
  const inventoryOf = (projectId: string) =>
    void import('../api/materials-api.ts').then(({ materialsApi }) => store.dispatch(materialsApi.util.prefetch('getInventory', projectId, {})));
  if (currentProject) {
    inventoryOf(currentProject.id);
    return;
  }
  // None chosen yet (this browser's first visit): the dashboard will open the first of the list.
  void projects.then((answer) => {
    const first = answer.data?.[0];
    if (first && !store.getState().session.currentProject) inventoryOf(first.id);
  });
}
