import { describe, expect, it } from 'vitest';
import { canDeleteProject, canManageProject, canManageProjectWebhooks, guardAwaitsProject, guardRedirect, homeRedirect, type Access } from './permissions.ts';
import { displayName } from './session-selectors.ts';

const access = (role: string | null, projectRole: string | null = null): Access => ({
  signedIn: true,
  role,
  projectRole,
});
const anonymous: Access = { signedIn: false, role: null, projectRole: null };

describe('route guards', () => {
  it('sends visitors who are not signed in to /login whatever the guard', () => {
    for (const guard of ['user', 'admin', 'superadmin', 'global-admin'] as const) {
      expect(guardRedirect(guard, anonymous)).toBe('/login');
    }
  });

  it('admits every signed-in user to user routes', () => {
    expect(guardRedirect('user', access('guest'))).toBeNull();
    expect(guardRedirect('user', access('user'))).toBeNull();
  });

  it('admits project admins and managers or global admins to admin routes', () => {
    expect(guardRedirect('admin', access('user', 'admin'))).toBeNull();
    expect(guardRedirect('admin', access('user', 'manager'))).toBeNull();
    expect(guardRedirect('admin', access('admin'))).toBeNull();
    expect(guardRedirect('admin', access('superadmin'))).toBeNull();
    expect(guardRedirect('admin', access('user', 'user'))).toBe('/dashboard');
    expect(guardRedirect('admin', access('user'))).toBe('/dashboard');
  });

  it('waits for the current project before judging a plain user on an admin route', () => {
    // The project role decides; without a current project it is not known yet.
    expect(guardAwaitsProject('admin', access('user'), false)).toBe(true);
    expect(guardAwaitsProject('admin', access('user', 'manager'), true)).toBe(false);
    expect(guardAwaitsProject('admin', access('admin'), false)).toBe(false);
    expect(guardAwaitsProject('admin', access('superadmin'), false)).toBe(false);
    expect(guardAwaitsProject('admin', anonymous, false)).toBe(false);
    expect(guardAwaitsProject('user', access('user'), false)).toBe(false);
    expect(guardAwaitsProject('superadmin', access('user'), false)).toBe(false);
  });

  it("admits a project's admins, whatever their global role, and superadmins to its webhooks", () => {
    expect(canManageProjectWebhooks(access('user', 'admin'))).toBe(true);
    expect(canManageProjectWebhooks(access('admin', 'admin'))).toBe(true);
    expect(canManageProjectWebhooks(access('superadmin'))).toBe(true);
    expect(canManageProjectWebhooks(access('admin', 'manager'))).toBe(false);
    expect(canManageProjectWebhooks(access('admin'))).toBe(false);
    expect(guardRedirect('project-admin', access('user', 'admin'))).toBeNull();
    expect(guardRedirect('project-admin', access('user', 'manager'))).toBe('/dashboard');
    expect(guardRedirect('project-admin', anonymous)).toBe('/login');
    // A global admin is admitted only by the project role, so they wait for the project too.
    expect(guardAwaitsProject('project-admin', access('admin'), false)).toBe(true);
    expect(guardAwaitsProject('project-admin', access('superadmin'), false)).toBe(false);
    expect(guardAwaitsProject('project-admin', access('user', 'admin'), true)).toBe(false);
  });

  it('admits only superadmins to superadmin routes', () => {
    expect(guardRedirect('superadmin', access('superadmin'))).toBeNull();
    expect(guardRedirect('superadmin', access('admin', 'admin'))).toBe('/dashboard');
  });

  it('admits only global admins and superadmins to the projects route', () => {
    expect(guardRedirect('global-admin', access('admin'))).toBeNull();
    expect(guardRedirect('global-admin', access('superadmin'))).toBeNull();
    expect(guardRedirect('global-admin', access('user', 'admin'))).toBe('/dashboard');
  });
});

describe('home redirect', () => {
  it('goes to /home when signed out and to the section start page when signed in', () => {
    expect(homeRedirect(false, 'labels')).toBe('/home');
    expect(homeRedirect(true, 'inventory')).toBe('/dashboard');
    expect(homeRedirect(true, 'labels')).toBe('/labels');
  });
});

describe('display name', () => {
  const base = { email: 'e@x.io', user_email: 'ue@x.io', user_firstname: '', user_lastname: '' };

  it('is first plus last name, else the e-mail', () => {
    expect(displayName({ ...base, user_firstname: 'Ada', user_lastname: 'Lovelace' })).toBe('Ada Lovelace');
    expect(displayName({ ...base, user_firstname: 'Ada' })).toBe('Ada');
    expect(displayName(base)).toBe('ue@x.io');
    expect(displayName({ ...base, user_email: '' })).toBe('e@x.io');
  });
});

describe('Manage Project', () => {
  const manage = (role: string | null, projectRole: string | null) => canManageProject({ role, projectRole });

  it('is always open to a superadmin, who acts as project admin', () => {
    expect(manage('superadmin', null)).toBe(true);
    expect(manage('superadmin', 'user')).toBe(true);
  });

  it('needs project role admin for a global admin', () => {
    expect(manage('admin', 'admin')).toBe(true);
    expect(manage('admin', 'manager')).toBe(false);
    expect(manage('admin', 'user')).toBe(false);
    expect(manage('admin', null)).toBe(false);
  });

  it('is closed to users and guests whatever their project role', () => {
    expect(manage('user', 'admin')).toBe(false);
    expect(manage('user', 'manager')).toBe(false);
    expect(manage('guest', 'admin')).toBe(false);
    expect(manage(null, 'admin')).toBe(false);
  });

  it('lets only a superadmin delete a project', () => {
    expect(canDeleteProject('superadmin')).toBe(true);
    expect(canDeleteProject('admin')).toBe(false);
    expect(canDeleteProject(null)).toBe(false);
  });
});
