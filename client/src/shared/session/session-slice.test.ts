import { describe, expect, it } from 'vitest';
import { sessionExpired } from '../../api/base-query.ts';
import {
  authenticated,
  currentProjectRoleSet,
  currentProjectSelected,
  dashboardModeSet,
  emailPrefsSet,
  initialSessionState,
  sectionSet,
  sessionReducer,
  signedOut,
  type SessionState,
} from './session-slice.ts';
import type { CurrentProject, Me } from './session-types.ts';

const user = (over: Partial<Me> = {}): Me => ({
  id: 'u1',
  email: 'ada@example.com',
  user_email: 'ada@example.com',
  user_firstname: 'Ada',
  user_lastname: 'Lovelace',
  role: 'user',
  emails: true,
  stock_emails: true,
  second_factor: { required: false, enrolled: 0, must_enrol: false },
  ...over,
});

const project: CurrentProject = {
  id: 'p1',
  project_name: 'North Yard',
  project_customer: null,
  project_number: '1001',
};

const signedIn = (over: Partial<SessionState> = {}): SessionState => ({
  ...initialSessionState,
  user: user(),
  role: 'user',
  status: 'authenticated',
  currentProject: project,
  currentProjectRole: 'manager',
  ...over,
});

describe('session slice', () => {
  it('starts loading, in the inventory section and materials mode, with nobody signed in', () => {
    expect(sessionReducer(undefined, { type: '@@init' })).toEqual({
      user: null,
      role: null,
      currentProject: null,
      currentProjectRole: null,
      dashboardMode: 'materials',
      section: 'inventory',
      status: 'loading',
    });
  });

  it('stores the user and the lower-cased role when authenticated', () => {
    const state = sessionReducer(initialSessionState, authenticated(user({ role: 'SuperAdmin' as Me['role'] })));
    expect(state.status).toBe('authenticated');
    expect(state.role).toBe('superadmin');
    expect(state.user?.id).toBe('u1');
  });

  it('keeps the current project when the same user is confirmed again', () => {
    const state = sessionReducer(signedIn(), authenticated(user({ user_firstname: 'Augusta' })));
    expect(state.currentProject).toEqual(project);
    expect(state.currentProjectRole).toBe('manager');
    expect(state.user?.user_firstname).toBe('Augusta');
  });

  it('drops the previous account’s project when a different user signs in', () => {
    const state = sessionReducer(signedIn(), authenticated(user({ id: 'u2' })));
    expect(state.currentProject).toBeNull();
    expect(state.currentProjectRole).toBeNull();
  });

  it('clears user, role and project on sign-out but keeps section and dashboard mode', () => {
    const state = sessionReducer(signedIn({ section: 'labels', dashboardMode: 'assets' }), signedOut());
    expect(state).toEqual({
      ...initialSessionState,
      status: 'anonymous',
      section: 'labels',
      dashboardMode: 'assets',
    });
  });

  it('clears the session when the base query reports the refresh token expired', () => {
    const state = sessionReducer(signedIn(), sessionExpired());
    expect(state.user).toBeNull();
    expect(state.status).toBe('anonymous');
  });

  it('selects a project with its lower-cased project role', () => {
    const state = sessionReducer(signedIn({ currentProject: null, currentProjectRole: null }), currentProjectSelected({ project, projectRole: 'Admin' }));
    expect(state.currentProject).toEqual(project);
    expect(state.currentProjectRole).toBe('admin');
  });

  it('sets the project role on its own and clears it with null', () => {
    let state = sessionReducer(signedIn(), currentProjectRoleSet('MANAGER'));
    expect(state.currentProjectRole).toBe('manager');
    state = sessionReducer(state, currentProjectRoleSet(null));
    expect(state.currentProjectRole).toBeNull();
  });

  it('switches dashboard mode and section', () => {
    let state = sessionReducer(signedIn(), dashboardModeSet('assets'));
    state = sessionReducer(state, sectionSet('labels'));
    expect(state.dashboardMode).toBe('assets');
    expect(state.section).toBe('labels');
  });

  it('changes one e-mail preference at a time and ignores it when nobody is signed in', () => {
    let state = sessionReducer(signedIn(), emailPrefsSet({ stock_emails: false }));
    expect(state.user).toMatchObject({ emails: true, stock_emails: false });
    state = sessionReducer(state, emailPrefsSet({ emails: false, stock_emails: true }));
    expect(state.user).toMatchObject({ emails: false, stock_emails: true });
    expect(sessionReducer(initialSessionState, emailPrefsSet({ emails: false })).user).toBeNull();
  });
});
