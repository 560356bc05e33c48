import { describe, expect, it } from 'vitest';
import { USER_NOT_FOUND } from '../../contract/messages.ts';
import { SIGN_IN_LIMITS, SIGN_IN_MESSAGES } from '../../contract/sign-in.ts';
import { foldEvents } from '../decider.ts';
import { DomainError } from '../errors.ts';
import { deciderSpec } from '../testing/decider-spec.ts';
import { applyInMemory, emptyTables } from '../../projections/memory-replay.ts';
import { usersProjector } from '../../projections/users/projector.ts';
import type { RecordedEvent } from '../event-store/types.ts';
import type { SecondFactorCommand } from './commands.ts';
import { userDecider } from './decide.ts';
import type { UserEvent } from './events.ts';

const spec = deciderSpec(userDecider);
const userId = '6f1c1a52-5a43-4c50-9d4f-5f3f0c1b2a10';
const profile = { userId, email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace', role: 'user' as const, emails: true, stockEmails: true };
const registered: UserEvent = { type: 'UserRegistered', data: profile };
const passkeyIds = Array.from({ length: 12 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
const laptop = passkeyIds[0]!;
const phone = passkeyIds[1]!;

/** A passkey registered, with the count of factors after it. */
const passkey = (passkeyId: string, name: string, secondFactors: number): UserEvent => ({
  type: 'PasskeyRegistered',
  data: { userId, passkeyId, name, secondFactors },
});
const app = (secondFactors: number): UserEvent => ({ type: 'AuthenticatorAppEnrolled', data: { userId, secondFactors } });
const codes = (count: number): UserEvent => ({ type: 'RecoveryCodesGenerated', data: { userId, count } });

/** The DomainError a command throws, so a test can read its code and field too. */
function refusal(given: UserEvent[], command: SecondFactorCommand): DomainError {
  try {
    userDecider.decide(command, foldEvents(userDecider, given));
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected the command to be refused');
}

describe('registering a passkey', () => {
  it('records the trimmed name and the count of factors after it', () => {
    spec
      .given([registered])
      .when({ type: 'RegisterPasskey', data: { passkeyId: laptop, name: '  Laptop  ' } })
      .then([passkey(laptop, 'Laptop', 1)]);
    spec
      .given([registered, passkey(laptop, 'Laptop', 1), app(2)])
      .when({ type: 'RegisterPasskey', data: { passkeyId: phone, name: 'Phone' } })
      .then([passkey(phone, 'Phone', 3)]);
  });

  it('requires a name, naming the field', () => {
    const error = refusal([registered], { type: 'RegisterPasskey', data: { passkeyId: laptop, name: '   ' } });
    expect(error).toMatchObject({ code: 'VALIDATION', message: SIGN_IN_MESSAGES.passkeyNameRequired, field: 'name' });
  });

  it('refuses a name longer than the limit, and takes one exactly at it', () => {
    const error = refusal([registered], { type: 'RegisterPasskey', data: { passkeyId: laptop, name: 'x'.repeat(SIGN_IN_LIMITS.passkeyName + 1) } });
    expect(error).toMatchObject({ code: 'VALIDATION', field: 'name', message: `Passkey name is too long (at most ${SIGN_IN_LIMITS.passkeyName} characters).` });
    const longest = 'x'.repeat(SIGN_IN_LIMITS.passkeyName);
    spec
      .given([registered])
      .when({ type: 'RegisterPasskey', data: { passkeyId: laptop, name: longest } })
      .then([passkey(laptop, longest, 1)]);
  });

  it('refuses a name the person already uses, whatever its case', () => {
    spec
      .given([registered, passkey(laptop, 'Laptop', 1)])
      .when({ type: 'RegisterPasskey', data: { passkeyId: phone, name: ' LAPTOP ' } })
      .thenThrows(SIGN_IN_MESSAGES.passkeyNameTaken, 'CONFLICT');
  });

  it('refuses the same passkey twice', () => {
    spec
      .given([registered, passkey(laptop, 'Laptop', 1)])
      .when({ type: 'RegisterPasskey', data: { passkeyId: laptop, name: 'Other' } })
      .thenThrows('This passkey is already registered.', 'CONFLICT');
  });

  it(`takes ${SIGN_IN_LIMITS.maxPasskeys} passkeys and refuses one more`, () => {
    const nine = passkeyIds.slice(0, SIGN_IN_LIMITS.maxPasskeys - 1).map((id, i) => passkey(id, `Key ${i}`, i + 1));
    const tenth = passkeyIds[SIGN_IN_LIMITS.maxPasskeys - 1]!;
    spec
      .given([registered, ...nine])
      .when({ type: 'RegisterPasskey', data: { passkeyId: tenth, name: 'Key 9' } })
      .then([passkey(tenth, 'Key 9', SIGN_IN_LIMITS.maxPasskeys)]);
    spec
      .given([registered, ...nine, passkey(tenth, 'Key 9', SIGN_IN_LIMITS.maxPasskeys)])
      .when({ type: 'RegisterPasskey', data: { passkeyId: passkeyIds[SIGN_IN_LIMITS.maxPasskeys]!, name: 'One too many' } })
      .thenThrows(SIGN_IN_MESSAGES.tooManyPasskeys, 'CONFLICT');
  });
});

describe('renaming a passkey', () => {
  it('records the new trimmed name; the same name records nothing', () => {
    spec
      .given([registered, passkey(laptop, 'Laptop', 1)])
      .when({ type: 'RenamePasskey', data: { passkeyId: laptop, name: ' Work laptop ' } })
      .then([{ type: 'PasskeyRenamed', data: { userId, passkeyId: laptop, name: 'Work laptop' } }]);
    spec
      .given([registered, passkey(laptop, 'Laptop', 1)])
      .when({ type: 'RenamePasskey', data: { passkeyId: laptop, name: 'Laptop ' } })
      .then([]);
  });

  it('may change only the case of its own name, but not take another passkey’s', () => {
    spec
      .given([registered, passkey(laptop, 'Laptop', 1)])
      .when({ type: 'RenamePasskey', data: { passkeyId: laptop, name: 'LAPTOP' } })
      .then([{ type: 'PasskeyRenamed', data: { userId, passkeyId: laptop, name: 'LAPTOP' } }]);
    spec
      .given([registered, passkey(laptop, 'Laptop', 1), passkey(phone, 'Phone', 2)])
      .when({ type: 'RenamePasskey', data: { passkeyId: phone, name: 'laptop' } })
      .thenThrows(SIGN_IN_MESSAGES.passkeyNameTaken, 'CONFLICT');
  });

  it('refuses an unknown passkey', () => {
    spec
      .given([registered])
      .when({ type: 'RenamePasskey', data: { passkeyId: laptop, name: 'Laptop' } })
      .thenThrows(SIGN_IN_MESSAGES.passkeyNotFound, 'NOT_FOUND');
  });
});

describe('removing a passkey', () => {
  it('refuses an unknown passkey', () => {
    spec
      .given([registered, passkey(laptop, 'Laptop', 1)])
      .when({ type: 'RemovePasskey', data: { passkeyId: phone, factorRequired: false } })
      .thenThrows(SIGN_IN_MESSAGES.passkeyNotFound, 'NOT_FOUND');
  });

  it('refuses to remove the last factor of someone the policy asks for one', () => {
    spec
      .given([registered, passkey(laptop, 'Laptop', 1)])
      .when({ type: 'RemovePasskey', data: { passkeyId: laptop, factorRequired: true } })
      .thenThrows(SIGN_IN_MESSAGES.lastFactorRequired, 'CONFLICT');
  });

  it('removes the last factor when the policy does not ask for one, with its name and the count after', () => {
    spec
      .given([registered, passkey(laptop, 'Laptop', 1)])
      .when({ type: 'RemovePasskey', data: { passkeyId: laptop, factorRequired: false } })
      .then([{ type: 'PasskeyRemoved', data: { userId, passkeyId: laptop, name: 'Laptop', secondFactors: 0 } }]);
  });

  it('removes one of several factors under a requiring policy', () => {
    spec
      .given([registered, passkey(laptop, 'Laptop', 1), app(2)])
      .when({ type: 'RemovePasskey', data: { passkeyId: laptop, factorRequired: true } })
      .then([{ type: 'PasskeyRemoved', data: { userId, passkeyId: laptop, name: 'Laptop', secondFactors: 1 } }]);
  });

  it('does not count recovery codes as a factor that remains', () => {
    spec
      .given([registered, passkey(laptop, 'Laptop', 1), codes(10)])
      .when({ type: 'RemovePasskey', data: { passkeyId: laptop, factorRequired: true } })
      .thenThrows(SIGN_IN_MESSAGES.lastFactorRequired, 'CONFLICT');
  });
});

describe('the authenticator app', () => {
  it('enrols once; a second enrolment is refused until it is removed', () => {
    spec
      .given([registered])
      .when({ type: 'EnrolAuthenticatorApp', data: {} })
      .then([app(1)]);
    spec
      .given([registered, app(1)])
      .when({ type: 'EnrolAuthenticatorApp', data: {} })
      .thenThrows(SIGN_IN_MESSAGES.totpAlreadyEnrolled, 'CONFLICT');
    spec
      .given([registered, app(1), { type: 'AuthenticatorAppRemoved', data: { userId, secondFactors: 0 } }])
      .when({ type: 'EnrolAuthenticatorApp', data: {} })
      .then([app(1)]);
  });

  it('refuses to remove an app that is not set up', () => {
    spec
      .given([registered])
      .when({ type: 'RemoveAuthenticatorApp', data: { factorRequired: false } })
      .thenThrows(SIGN_IN_MESSAGES.totpNotEnrolled, 'NOT_FOUND');
  });

  it('keeps the last factor under a requiring policy, and removes it otherwise or beside a passkey', () => {
    spec
      .given([registered, app(1)])
      .when({ type: 'RemoveAuthenticatorApp', data: { factorRequired: true } })
      .thenThrows(SIGN_IN_MESSAGES.lastFactorRequired, 'CONFLICT');
    spec
      .given([registered, app(1)])
      .when({ type: 'RemoveAuthenticatorApp', data: { factorRequired: false } })
      .then([{ type: 'AuthenticatorAppRemoved', data: { userId, secondFactors: 0 } }]);
    spec
      .given([registered, app(1), passkey(laptop, 'Laptop', 2)])
      .when({ type: 'RemoveAuthenticatorApp', data: { factorRequired: true } })
      .then([{ type: 'AuthenticatorAppRemoved', data: { userId, secondFactors: 1 } }]);
  });
});

describe('recovery codes and sign-ins', () => {
  it('records how many codes were generated, replacing the ones left', () => {
    spec
      .given([registered, app(1), codes(10)])
      .when({ type: 'GenerateRecoveryCodes', data: { count: 10 } })
      .then([codes(10)]);
    spec
      .given([registered])
      .when({ type: 'GenerateRecoveryCodes', data: { count: 0 } })
      .thenThrows('count: must be at least 1', 'VALIDATION');
  });

  it('records a sign-in with a password and a code, and one through single sign-on with its provider', () => {
    spec
      .given([registered, app(1)])
      .when({ type: 'RecordSignIn', data: { method: 'password', secondFactor: 'totp', provider: null } })
      .then([{ type: 'UserSignedIn', data: { userId, method: 'password', secondFactor: 'totp', provider: null } }]);
    spec
      .given([registered])
      .when({ type: 'RecordSignIn', data: { method: 'sso', secondFactor: null, provider: 'keycloak' } })
      .then([{ type: 'UserSignedIn', data: { userId, method: 'sso', secondFactor: null, provider: 'keycloak' } }]);
  });

  it('uses one recovery code up with a sign-in that spent it, and refuses one when none are left', () => {
    const signedIn: UserEvent = { type: 'UserSignedIn', data: { userId, method: 'password', secondFactor: 'recovery', provider: null } };
    spec
      .given([registered, app(1), codes(10)])
      .when({ type: 'RecordSignIn', data: { method: 'password', secondFactor: 'recovery', provider: null } })
      .then([{ type: 'RecoveryCodeUsed', data: { userId, remaining: 9 } }, signedIn]);
    spec
      .given([registered, app(1), codes(1), { type: 'RecoveryCodeUsed', data: { userId, remaining: 0 } }])
      .when({ type: 'RecordSignIn', data: { method: 'password', secondFactor: 'recovery', provider: null } })
      .thenThrows(SIGN_IN_MESSAGES.noRecoveryCodesLeft, 'CONFLICT');
  });

  it('records the single sign-on account linked on a first sign-in', () => {
    spec
      .given([registered])
      .when({ type: 'LinkSingleSignOn', data: { provider: 'entra', email: 'ada@example.com' } })
      .then([{ type: 'SingleSignOnLinked', data: { userId, provider: 'entra', email: 'ada@example.com' } }]);
  });
});

describe('resetting second factors', () => {
  it('refuses when there is nothing to reset', () => {
    spec.given([registered]).when({ type: 'ResetSecondFactors', data: {} }).thenThrows(SIGN_IN_MESSAGES.nothingToReset, 'CONFLICT');
  });

  it('records what it took away: passkeys, the app and the codes left', () => {
    spec
      .given([
        registered,
        passkey(laptop, 'Laptop', 1),
        passkey(phone, 'Phone', 2),
        app(3),
        codes(10),
        { type: 'RecoveryCodeUsed', data: { userId, remaining: 9 } },
      ])
      .when({ type: 'ResetSecondFactors', data: {} })
      .then([{ type: 'SecondFactorsReset', data: { userId, passkeys: 2, authenticatorApp: true, recoveryCodes: 9 } }]);
    // Recovery codes alone (their factor removed while not required) are still something to reset.
    spec
      .given([registered, app(1), codes(10), { type: 'AuthenticatorAppRemoved', data: { userId, secondFactors: 0 } }])
      .when({ type: 'ResetSecondFactors', data: {} })
      .then([{ type: 'SecondFactorsReset', data: { userId, passkeys: 0, authenticatorApp: false, recoveryCodes: 10 } }]);
  });

  it('leaves nothing behind: a second reset is refused and the first passkey may be registered again', () => {
    const reset: UserEvent = { type: 'SecondFactorsReset', data: { userId, passkeys: 1, authenticatorApp: true, recoveryCodes: 10 } };
    const given = [registered, passkey(laptop, 'Laptop', 1), app(2), codes(10), reset];
    spec.given(given).when({ type: 'ResetSecondFactors', data: {} }).thenThrows(SIGN_IN_MESSAGES.nothingToReset, 'CONFLICT');
    spec
      .given(given)
      .when({ type: 'RegisterPasskey', data: { passkeyId: phone, name: 'Laptop' } })
      .then([passkey(phone, 'Laptop', 1)]);
  });
});

describe('a deactivated or unknown person', () => {
  const deactivated: UserEvent = { type: 'UserDeactivated', data: { userId } };
  const commands: SecondFactorCommand[] = [
    { type: 'RegisterPasskey', data: { passkeyId: phone, name: 'Phone' } },
    { type: 'RenamePasskey', data: { passkeyId: laptop, name: 'Other' } },
    { type: 'RemovePasskey', data: { passkeyId: laptop, factorRequired: false } },
    { type: 'EnrolAuthenticatorApp', data: {} },
    { type: 'RemoveAuthenticatorApp', data: { factorRequired: false } },
    { type: 'GenerateRecoveryCodes', data: { count: 10 } },
    { type: 'ResetSecondFactors', data: {} },
    { type: 'RecordSignIn', data: { method: 'password', secondFactor: null, provider: null } },
    { type: 'LinkSingleSignOn', data: { provider: 'entra', email: 'ada@example.com' } },
  ];

  it.each(commands.map((command) => [command.type, command] as const))('refuses %s', (_type, command) => {
    spec
      .given([registered, passkey(laptop, 'Laptop', 1), app(2), deactivated])
      .when(command)
      .thenThrows(USER_NOT_FOUND, 'NOT_FOUND');
    spec.given([]).when(command).thenThrows(USER_NOT_FOUND, 'NOT_FOUND');
  });
});

describe('the users read table', () => {
  it('keeps second_factors with the events: passkeys and the app count, renames, codes and sign-ins do not, a reset clears', () => {
    const stream: UserEvent[] = [
      registered,
      passkey(laptop, 'Laptop', 1),
      { type: 'PasskeyRenamed', data: { userId, passkeyId: laptop, name: 'Work laptop' } },
      app(2),
      codes(10),
      { type: 'RecoveryCodeUsed', data: { userId, remaining: 9 } },
      { type: 'UserSignedIn', data: { userId, method: 'password', secondFactor: 'recovery', provider: null } },
      { type: 'SingleSignOnLinked', data: { userId, provider: 'entra', email: 'ada@example.com' } },
      passkey(phone, 'Phone', 3),
      { type: 'PasskeyRemoved', data: { userId, passkeyId: laptop, name: 'Work laptop', secondFactors: 2 } },
      { type: 'AuthenticatorAppRemoved', data: { userId, secondFactors: 1 } },
      { type: 'SecondFactorsReset', data: { userId, passkeys: 1, authenticatorApp: false, recoveryCodes: 9 } },
      app(1),
    ];
    const tables = emptyTables(usersProjector);
    const seen: number[] = [];
    stream.forEach((event, i) => {
      const recorded = { ...event, globalPosition: i + 1, streamVersion: i + 1, occurredAt: new Date(Date.UTC(2026, 0, 1)) } as RecordedEvent;
      applyInMemory(usersProjector, tables, usersProjector.project(recorded));
      const [row] = [...tables.get('users')!.values()];
      seen.push(Number(row?.second_factors ?? Number.NaN));
    });
    expect(seen).toEqual([0, 1, 1, 2, 2, 2, 2, 2, 3, 2, 1, 0, 1]);
    // The count carried by the events is the decider's own count of the state it folded.
    const state = foldEvents(userDecider, stream);
    expect(Object.keys(state.passkeys).length + (state.authenticatorApp ? 1 : 0)).toBe(1);
  });
});
