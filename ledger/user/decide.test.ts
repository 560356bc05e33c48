import { describe, it } from 'vitest';
import { deciderSpec } from '../testing/decider-spec.ts';
import { userDecider } from './decide.ts';
import type { UserEvent } from './events.ts';

const spec = deciderSpec(userDecider);
const userId = '6f1c1a52-5a43-4c50-9d4f-5f3f0c1b2a10';
const profile = { userId, email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace', role: 'user' as const, emails: true, stockEmails: true };
const registered: UserEvent = { type: 'UserRegistered', data: profile };
const invited: UserEvent = { type: 'UserInvited', data: { ...profile, invitedBy: 'boss' } };
const deactivated: UserEvent = { type: 'UserDeactivated', data: { userId } };

describe('user aggregate', () => {
  it('registers a new user with a lower-cased, trimmed e-mail and both e-mail preferences on', () => {
    spec
      .given([])
      .when({ type: 'RegisterUser', data: { userId, email: '  Ada@Example.com ', firstName: ' Ada', lastName: 'Lovelace ', role: 'user' } })
      .then([registered]);
  });

  it('refuses to register the same user twice', () => {
    spec
      .given([registered])
      .when({ type: 'RegisterUser', data: { ...profile } })
      .thenThrows('This user is already registered.', 'CONFLICT');
  });

  it('refuses an address that is not an e-mail', () => {
    spec
      .given([])
      .when({ type: 'InviteUser', data: { ...profile, email: 'ada', invitedBy: null } })
      .thenThrows('email: Enter a valid e-mail address', 'VALIDATION');
  });

  it('invites a user, who becomes active once, when the password is first set', () => {
    spec
      .given([])
      .when({ type: 'InviteUser', data: { ...profile, invitedBy: 'boss' } })
      .then([invited]);
    spec
      .given([invited])
      .when({ type: 'ActivateUser', data: {} })
      .then([{ type: 'UserActivated', data: { userId } }]);
    spec
      .given([invited, { type: 'UserActivated', data: { userId } }])
      .when({ type: 'ActivateUser', data: {} })
      .then([]);
  });

  it('changes a role and records the previous one; the same role changes nothing', () => {
    spec
      .given([registered])
      .when({ type: 'ChangeUserRole', data: { role: 'admin' } })
      .then([{ type: 'UserRoleChanged', data: { userId, role: 'admin', previousRole: 'user' } }]);
    spec
      .given([registered])
      .when({ type: 'ChangeUserRole', data: { role: 'user' } })
      .then([]);
  });

  it('sets e-mail preferences, keeping the one not mentioned', () => {
    spec
      .given([registered])
      .when({ type: 'SetEmailPreferences', data: { stockEmails: false } })
      .then([{ type: 'UserEmailPreferencesChanged', data: { userId, emails: true, stockEmails: false } }]);
    spec
      .given([registered])
      .when({ type: 'SetEmailPreferences', data: { emails: true } })
      .then([]);
  });

  it('deactivates a user, after which nothing else can change them', () => {
    spec.given([registered]).when({ type: 'DeactivateUser', data: {} }).then([deactivated]);
    spec
      .given([registered, deactivated])
      .when({ type: 'ChangeUserRole', data: { role: 'admin' } })
      .thenThrows('User not found', 'NOT_FOUND');
    spec.given([]).when({ type: 'DeactivateUser', data: {} }).thenThrows('User not found', 'NOT_FOUND');
  });
});
