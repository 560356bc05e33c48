/** The user aggregate's sign-in rules: passkeys, the authenticator app, recovery codes, resets and sign-ins. */
import { SIGN_IN_LIMITS, SIGN_IN_MESSAGES } from '../../contract/sign-in.ts';
import { DomainError } from '../errors.ts';
import type { SecondFactorCommand } from './commands.ts';
import type { UserEvent } from './events.ts';
import { secondFactorCount, type UserState } from './state.ts';

function passkeyName(state: UserState, name: string, except: string | null): string {
  const trimmed = name.trim();
  if (!trimmed) throw new DomainError('VALIDATION', SIGN_IN_MESSAGES.passkeyNameRequired, 'name');
  if (trimmed.length > SIGN_IN_LIMITS.passkeyName)
    throw new DomainError('VALIDATION', `Passkey name is too long (at most ${SIGN_IN_LIMITS.passkeyName} characters).`, 'name');
  const taken = Object.entries(state.passkeys).some(([id, other]) => id !== except && other.toLowerCase() === trimmed.toLowerCase());
  if (taken) throw new DomainError('CONFLICT', SIGN_IN_MESSAGES.passkeyNameTaken, 'name');
  return trimmed;
}

function requirePasskey(state: UserState, passkeyId: string): string {
  const name = state.passkeys[passkeyId];
  if (name === undefined) throw new DomainError('NOT_FOUND', SIGN_IN_MESSAGES.passkeyNotFound);
  return name;
}

/** Removing the last factor of someone the policy asks for one would lock them into enrolment at their next request. */
function keepOneIfRequired(factorRequired: boolean, remaining: number): void {
  if (factorRequired && remaining === 0) throw new DomainError('CONFLICT', SIGN_IN_MESSAGES.lastFactorRequired);
}

export function decideFactors(command: SecondFactorCommand, state: UserState, userId: string): UserEvent[] {
  const factors = secondFactorCount(state);
  switch (command.type) {
    case 'RegisterPasskey': {
      if (state.passkeys[command.data.passkeyId] !== undefined) throw new DomainError('CONFLICT', 'This passkey is already registered.');
      if (Object.keys(state.passkeys).length >= SIGN_IN_LIMITS.maxPasskeys) throw new DomainError('CONFLICT', SIGN_IN_MESSAGES.tooManyPasskeys);
      const name = passkeyName(state, command.data.name, null);
      return [{ type: 'PasskeyRegistered', data: { userId, passkeyId: command.data.passkeyId, name, secondFactors: factors + 1 } }];
    }
    case 'RenamePasskey': {
      const current = requirePasskey(state, command.data.passkeyId);
      const name = passkeyName(state, command.data.name, command.data.passkeyId);
      return name === current ? [] : [{ type: 'PasskeyRenamed', data: { userId, passkeyId: command.data.passkeyId, name } }];
    }
    case 'RemovePasskey': {
      const name = requirePasskey(state, command.data.passkeyId);
      keepOneIfRequired(command.data.factorRequired, factors - 1);
      return [{ type: 'PasskeyRemoved', data: { userId, passkeyId: command.data.passkeyId, name, secondFactors: factors - 1 } }];
    }
    case 'EnrolAuthenticatorApp':
      if (state.authenticatorApp) throw new DomainError('CONFLICT', SIGN_IN_MESSAGES.totpAlreadyEnrolled);
      return [{ type: 'AuthenticatorAppEnrolled', data: { userId, secondFactors: factors + 1 } }];
    case 'RemoveAuthenticatorApp':
      if (!state.authenticatorApp) throw new DomainError('NOT_FOUND', SIGN_IN_MESSAGES.totpNotEnrolled);
      keepOneIfRequired(command.data.factorRequired, factors - 1);
      return [{ type: 'AuthenticatorAppRemoved', data: { userId, secondFactors: factors - 1 } }];
    case 'GenerateRecoveryCodes':
      if (!Number.isInteger(command.data.count) || command.data.count < 1) throw new DomainError('VALIDATION', 'count: must be at least 1');
      return [{ type: 'RecoveryCodesGenerated', data: { userId, count: command.data.count } }];
    case 'ResetSecondFactors': {
      const passkeys = Object.keys(state.passkeys).length;
      if (passkeys === 0 && !state.authenticatorApp && state.recoveryCodes === 0) throw new DomainError('CONFLICT', SIGN_IN_MESSAGES.nothingToReset);
      return [{ type: 'SecondFactorsReset', data: { userId, passkeys, authenticatorApp: state.authenticatorApp, recoveryCodes: state.recoveryCodes } }];
    }
    case 'RecordSignIn': {
      const { method, secondFactor, provider } = command.data;
      const signedIn: UserEvent = { type: 'UserSignedIn', data: { userId, method, secondFactor, provider } };
      if (secondFactor !== 'recovery') return [signedIn];
      if (state.recoveryCodes <= 0) throw new DomainError('CONFLICT', SIGN_IN_MESSAGES.noRecoveryCodesLeft);
      return [{ type: 'RecoveryCodeUsed', data: { userId, remaining: state.recoveryCodes - 1 } }, signedIn];
    }
    case 'LinkSingleSignOn':
      return [{ type: 'SingleSignOnLinked', data: { userId, provider: command.data.provider, email: command.data.email } }];
    default: {
      const unknown: never = command;
      throw new Error(`unknown command ${JSON.stringify(unknown)}`);
    }
  }
}
