/** Read access to the session for components; typed against the slice, not the whole store. */
import type { SessionState } from './session-slice.ts';
import type { Me } from './session-types.ts';

interface WithSession {
  session: SessionState;
}

export const selectSession = (state: WithSession) => state.session;
export const selectSessionStatus = (state: WithSession) => state.session.status;
export const selectUser = (state: WithSession) => state.session.user;
export const selectRole = (state: WithSession) => state.session.role;
export const selectCurrentProject = (state: WithSession) => state.session.currentProject;
export const selectCurrentProjectRole = (state: WithSession) => state.session.currentProjectRole;
export const selectSection = (state: WithSession) => state.session.section;
export const selectDashboardMode = (state: WithSession) => state.session.dashboardMode;

/** First name plus last name, else the e-mail address (spec 02 §1). */
export function displayName(user: Pick<Me, 'user_firstname' | 'user_lastname' | 'user_email' | 'email'>): string {
  const name = [user.user_firstname, user.user_lastname]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return name || user.user_email || user.email;
}
