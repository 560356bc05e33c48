/**
 * Keeps the session across reloads in localStorage (spec 01 §4, spec 02 §1). Section and dashboard
 * mode are preferences with their own keys so signing out does not reset them.
 */
import { initialSessionState, type SessionState } from './session-slice.ts';
import type { CurrentProject, DashboardMode, Me, Section } from './session-types.ts';

export const STORAGE_KEYS = {
  session: 'stockledger.session',
  section: 'stockledger.section',
  dashboardMode: 'stockledger.dashboardMode',
} as const;

export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

interface StoredSession {
  user: Me | null;
  role: string | null;
  currentProject: CurrentProject | null;
  currentProjectRole: string | null;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const stringOrNull = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value.toLowerCase() : null);

// Storage can throw (quota, privacy modes) or hold another version's data: both mean "nothing stored".
function read(storage: StorageLike, key: string): string | null {
  try {
    return storage.getItem(key);
  } catch {
    return null;
  }
}

function write(storage: StorageLike, key: string, value: string | null): void {
  try {
    if (value === null) storage.removeItem(key);
    else storage.setItem(key, value);
  } catch {
    // The session still works for this tab; it just will not survive a reload.
  }
}

function parseStoredSession(text: string | null): StoredSession | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    if (!isRecord(value)) return null;
    const user = isRecord(value.user) && typeof value.user.id === 'string' ? (value.user as unknown as Me) : null;
    const project = isRecord(value.currentProject) && typeof value.currentProject.id === 'string' ? (value.currentProject as unknown as CurrentProject) : null;
    return {
      user,
      role: user ? stringOrNull(value.role) : null,
      currentProject: project,
      currentProjectRole: project ? stringOrNull(value.currentProjectRole) : null,
    };
  } catch {
    return null;
  }
}

/** The session state to start with: stored values where valid, status always 'loading'. */
export function loadSessionState(storage: StorageLike | undefined): SessionState {
  if (!storage) return initialSessionState;
  const stored = parseStoredSession(read(storage, STORAGE_KEYS.session));
  const section = read(storage, STORAGE_KEYS.section);
  const mode = read(storage, STORAGE_KEYS.dashboardMode);
  return {
    ...initialSessionState,
    ...stored,
    section: section === 'labels' || section === 'inventory' ? (section as Section) : 'inventory',
    dashboardMode: mode === 'assets' || mode === 'materials' ? (mode as DashboardMode) : 'materials',
  };
}

/** Writes whatever changed between two states; called after every dispatch, so it stays cheap. */
export function persistSessionState(storage: StorageLike, previous: SessionState | undefined, next: SessionState): void {
  const sessionChanged =
    !previous ||
    previous.user !== next.user ||
    previous.role !== next.role ||
    previous.currentProject !== next.currentProject ||
    previous.currentProjectRole !== next.currentProjectRole;
  if (sessionChanged) {
    const stored: StoredSession = {
      user: next.user,
      role: next.role,
      currentProject: next.currentProject,
      currentProjectRole: next.currentProjectRole,
    };
    write(storage, STORAGE_KEYS.session, next.user ? JSON.stringify(stored) : null);
  }
  if (!previous || previous.section !== next.section) {
    write(storage, STORAGE_KEYS.section, next.section);
  }
  if (!previous || previous.dashboardMode !== next.dashboardMode) {
    write(storage, STORAGE_KEYS.dashboardMode, next.dashboardMode);
  }
}

/**
 * True when another tab's write to the stored session means someone else is signed in now (or no
 * one): this tab must not go on as the previous person, whose offline queue and saved screens it
 * holds. A token refresh or a project change for the same person is not a change.
 */
export function signedInElsewhere(event: { key: string | null; newValue: string | null }, currentUserId: string | null): boolean {
  if (event.key !== STORAGE_KEYS.session) return false;
  return (parseStoredSession(event.newValue)?.user?.id ?? null) !== currentUserId;
}
