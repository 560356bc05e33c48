import { describe, it } from 'vitest';
import { deciderSpec } from '../testing/decider-spec.ts';
import { userDecider } from './decide.ts';

const spec = deciderSpec(userDecider);
const userId = '6f1c1a52-5a43-4c50-9d4f-5f3f0c1b2a10';
const registered = {
  type: 'UserRegistered' as const,
  data: { userId, email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace', role: 'user' as const, emails: true, stockEmails: true },
};

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
      .when({ type: 'RegisterUser', data: { userId, email: 'ada@example.com', firstName: 'Ada', lastName: 'L', role: 'user' } })
      .thenThrows('This user is already registered.', 'CONFLICT');
  });

  it('refuses an address that is not an e-mail', () => {
    spec
      .given([])
      .when({ type: 'RegisterUser', data: { userId, email: 'ada', firstName: 'Ada', lastName: 'L', role: 'user' } })
      .thenThrows('email: Enter a valid e-mail address', 'VALIDATION');
  });
});
