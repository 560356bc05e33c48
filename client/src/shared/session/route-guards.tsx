/** Route elements that apply the guards of spec 02 §4.4 and the redirects of §2.1. */
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useAppSelector } from '../hooks.ts';
import { FullPageLoader } from '../../components/full-page-loader.tsx';
import { useCurrentProjectSync } from '../projects/use-current-project-sync.ts';
import { useListProjectsQuery } from '../../api/projects-api.ts';
import { guardAwaitsProject, guardRedirect, homeRedirect, type RouteGuard } from './permissions.ts';
import { returnState } from './return-to.ts';
import { selectSession } from './session-selectors.ts';

function useAccess() {
  const session = useAppSelector(selectSession);
  return {
    status: session.status,
    section: session.section,
    hasCurrentProject: session.currentProject !== null,
    access: {
      signedIn: session.status === 'authenticated',
      role: session.role,
      projectRole: session.currentProjectRole,
    },
  };
}

/** Renders its children only for visitors the guard admits; others are sent where it says. */
export function RequireRole({ guard, children }: { guard: RouteGuard; children: ReactNode }) {
  const { status, access, hasCurrentProject } = useAccess();
  const location = useLocation();
  if (status === 'loading') return <FullPageLoader />;
  if (guardAwaitsProject(guard, access, hasCurrentProject)) return <AwaitCurrentProject />;
  const target = guardRedirect(guard, access);
  // Sign-in comes back here (return-to.ts).
  const state = target === '/login' ? returnState(location) : undefined;
  return target ? <Navigate to={target} replace state={state} /> : children;
}

/**
 * Picks the current project (with the user's role in it) so the admin guard can decide; someone
 * with no project at all cannot be a project admin or manager and goes to the dashboard.
 */
function AwaitCurrentProject() {
  useCurrentProjectSync();
  const projects = useListProjectsQuery({});
  if (projects.isError || (projects.isSuccess && projects.data.length === 0)) return <Navigate to="/dashboard" replace />;
  return <FullPageLoader />;
}

/** / and unknown paths: /home when signed out, else the current section's start page. */
export function HomeRedirect() {
  const { status, section, access } = useAccess();
  if (status === 'loading') return <FullPageLoader />;
  return <Navigate to={homeRedirect(access.signedIn, section)} replace />;
}

/** For open pages that make no sense once signed in (/home, /login). */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const { status } = useAccess();
  if (status === 'loading') return <FullPageLoader />;
  return status === 'authenticated' ? <Navigate to="/dashboard" replace /> : children;
}
