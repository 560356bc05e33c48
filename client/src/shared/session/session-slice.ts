/**
 * Who is signed in, in which project and section they work, and whether we know yet (spec 01 §4).
 * Roles are stored lower-cased so every comparison elsewhere can be a plain equality.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { sessionExpired } from '../../api/base-query.ts';
import { authApi } from './auth-api.ts';
import type { CurrentProject, DashboardMode, Me, Section, SessionStatus } from './session-types.ts';

export interface SessionState {
  user: Me | null;
  role: string | null;
  currentProject: CurrentProject | null;
  currentProjectRole: string | null;
  dashboardMode: DashboardMode;
  section: Section;
  status: SessionStatus;
}

export const initialSessionState: SessionState = {
  user: null,
  role: null,
  currentProject: null,
  currentProjectRole: null,
  dashboardMode: 'materials',
  section: 'inventory',
  status: 'loading',
};

const lower = (value: string | null | undefined): string | null => (value ? value.toLowerCase() : null);

function setUser(state: SessionState, user: Me): void {
  // A different account in the same browser must not inherit the previous one's project.
  if (state.user && state.user.id !== user.id) {
    state.currentProject = null;
    state.currentProjectRole = null;
  }
  state.user = user;
  state.role = lower(user.role);
  state.status = 'authenticated';
}

function clearUser(state: SessionState): void {
  state.user = null;
  state.role = null;
  state.currentProject = null;
  state.currentProjectRole = null;
  state.status = 'anonymous';
}

export const sessionSlice = createSlice({
  name: 'session',
  initialState: initialSessionState,
  reducers: {
    authenticated(state, action: PayloadAction<Me>) {
      setUser(state, action.payload);
    },
    /** Sign-out and failed start-up both end here; section and dashboard mode are kept. */
    signedOut(state) {
      clearUser(state);
    },
    currentProjectSelected(state, action: PayloadAction<{ project: CurrentProject | null; projectRole?: string | null }>) {
      state.currentProject = action.payload.project;
      state.currentProjectRole = lower(action.payload.projectRole);
    },
    /** The header's notification switches; applied before the server answers and reverted on failure. */
    emailPrefsSet(state, action: PayloadAction<Partial<Pick<Me, 'emails' | 'stock_emails'>>>) {
      if (!state.user) return;
      const { emails, stock_emails } = action.payload;
      if (emails !== undefined) state.user.emails = emails;
      if (stock_emails !== undefined) state.user.stock_emails = stock_emails;
    },
    currentProjectRoleSet(state, action: PayloadAction<string | null>) {
      state.currentProjectRole = lower(action.payload);
    },
    dashboardModeSet(state, action: PayloadAction<DashboardMode>) {
      state.dashboardMode = action.payload;
    },
    sectionSet(state, action: PayloadAction<Section>) {
      state.section = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(sessionExpired, (state) => clearUser(state))
      .addMatcher(authApi.endpoints.login.matchFulfilled, (state, action) => {
        // Asked for a second factor instead: nobody is signed in yet.
        if ('user' in action.payload) setUser(state, action.payload.user);
      })
      .addMatcher(authApi.endpoints.secondFactor.matchFulfilled, (state, action) => setUser(state, action.payload.user))
      .addMatcher(authApi.endpoints.refresh.matchFulfilled, (state, action) => setUser(state, action.payload.user))
      .addMatcher(authApi.endpoints.me.matchFulfilled, (state, action) => setUser(state, action.payload));
  },
});

export const { authenticated, signedOut, currentProjectSelected, currentProjectRoleSet, emailPrefsSet, dashboardModeSet, sectionSet } = sessionSlice.actions;

export const sessionReducer = sessionSlice.reducer;
