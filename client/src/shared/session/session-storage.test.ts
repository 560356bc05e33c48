import { describe, expect, it } from 'vitest';
import { initialSessionState, type SessionState } from './session-slice.ts';
import { loadSessionState, persistSessionState, signedInElsewhere, STORAGE_KEYS, type StorageLike } from './session-storage.ts';
import type { Me } from './session-types.ts';

class MemoryStorage implements StorageLike {
  readonly items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

const me: Me = {
  id: 'u1',
  email: 'ada@example.com',
  user_email: 'ada@example.com',
  user_firstname: 'Ada',
  user_lastname: 'Lovelace',
  role: 'admin',
  emails: true,
  stock_emails: false,
  second_factor: { required: false, enrolled: 0, must_enrol: false },
};

const authenticated: SessionState = {
  ...initialSessionState,
  user: me,
  role: 'admin',
  status: 'authenticated',
  currentProject: { id: 'p1', project_name: 'North', project_customer: 'ACME', project_number: '7' },
  currentProjectRole: 'manager',
  dashboardMode: 'assets',
  section: 'labels',
};

describe('session storage', () => {
  it('starts from defaults when nothing is stored', () => {
    expect(loadSessionState(new MemoryStorage())).toEqual(initialSessionState);
    expect(loadSessionState(undefined)).toEqual(initialSessionState);
  });

  it('round-trips user, roles, project, section and dashboard mode, restarting as loading', () => {
    const storage = new MemoryStorage();
    persistSessionState(storage, undefined, authenticated);

    expect(storage.getItem(STORAGE_KEYS.section)).toBe('labels');
    expect(storage.getItem(STORAGE_KEYS.dashboardMode)).toBe('assets');
    expect(loadSessionState(storage)).toEqual({ ...authenticated, status: 'loading' });
  });

  it('removes the stored session on sign-out and keeps the preferences', () => {
    const storage = new MemoryStorage();
    persistSessionState(storage, undefined, authenticated);
    const signedOut: SessionState = {
      ...authenticated,
      user: null,
      role: null,
      currentProject: null,
      currentProjectRole: null,
      status: 'anonymous',
    };
    persistSessionState(storage, authenticated, signedOut);

    expect(storage.getItem(STORAGE_KEYS.session)).toBeNull();
    expect(storage.getItem(STORAGE_KEYS.section)).toBe('labels');
    expect(storage.getItem(STORAGE_KEYS.dashboardMode)).toBe('assets');
  });

  it('ignores corrupt or foreign values', () => {
    const storage = new MemoryStorage();
    storage.setItem(STORAGE_KEYS.session, '{not json');
    storage.setItem(STORAGE_KEYS.section, 'reports');
    storage.setItem(STORAGE_KEYS.dashboardMode, 'ASSETS');
    expect(loadSessionState(storage)).toEqual(initialSessionState);

    storage.setItem(STORAGE_KEYS.session, JSON.stringify({ user: 'ada', role: 'admin' }));
    expect(loadSessionState(storage).role).toBeNull();
  });

  it('lower-cases stored roles', () => {
    const storage = new MemoryStorage();
    storage.setItem(STORAGE_KEYS.session, JSON.stringify({ ...authenticated, role: 'SuperAdmin', currentProjectRole: 'Admin' }));
    const state = loadSessionState(storage);
    expect(state.role).toBe('superadmin');
    expect(state.currentProjectRole).toBe('admin');
  });

  it('keeps working when the browser refuses storage', () => {
    const broken: StorageLike = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    expect(loadSessionState(broken)).toEqual(initialSessionState);
    expect(() => persistSessionState(broken, undefined, authenticated)).not.toThrow();
  });
});

describe('a session changed in another tab', () => {
  const stored = (id: string) => JSON.stringify({ user: { id, email: `${id}@example.com` }, role: 'user', currentProject: null, currentProjectRole: null });
  const key = STORAGE_KEYS.session;

  it('is a change when someone else signed in there, or everyone signed out', () => {
    expect(signedInElsewhere({ key, newValue: stored('ben') }, 'ana')).toBe(true);
    expect(signedInElsewhere({ key, newValue: null }, 'ana')).toBe(true);
    expect(signedInElsewhere({ key, newValue: stored('ana') }, null)).toBe(true);
  });

  it('is no change for the same person, or for another key', () => {
    expect(signedInElsewhere({ key, newValue: stored('ana') }, 'ana')).toBe(false);
    expect(signedInElsewhere({ key: STORAGE_KEYS.section, newValue: 'labels' }, 'ana')).toBe(false);
    expect(signedInElsewhere({ key, newValue: null }, null)).toBe(false);
  });
});
