import { describe, expect, it } from 'vitest';
import {
  authFlowType,
  codeFromLink,
  exchangeFlow,
  inviteAuthPath,
  otpType,
  passwordFailureMessage,
  passwordMismatch,
  passwordStepTitle,
  resetAuthPath,
  verifyFieldsError,
} from './auth-flow.ts';

describe('auth flow type', () => {
  it('knows invite and reset, and treats anything else as other', () => {
    expect(authFlowType('invite')).toBe('invite');
    expect(authFlowType('reset')).toBe('reset');
    expect(authFlowType('signup')).toBe('other');
    expect(authFlowType(null)).toBe('other');
  });
});

describe('password step title', () => {
  it('depends on the flow', () => {
    expect(passwordStepTitle('invite')).toBe('Set your password before logging in');
    expect(passwordStepTitle('reset')).toBe('Reset your password');
    expect(passwordStepTitle('other')).toBe('Set your password');
  });
});

describe('server parameters', () => {
  it('verifies a reset as "recovery" and everything else as "email"', () => {
    expect(otpType('reset')).toBe('recovery');
    expect(otpType('invite')).toBe('email');
    expect(otpType('other')).toBe('email');
  });

  it('exchanges reset links as reset and other links as invitations', () => {
    expect(exchangeFlow('reset')).toBe('reset');
    expect(exchangeFlow('invite')).toBe('invite');
    expect(exchangeFlow('other')).toBe('invite');
  });

  it('reads the code a link carries as otp or code', () => {
    expect(codeFromLink(new URLSearchParams('otp=123456'))).toBe('123456');
    expect(codeFromLink(new URLSearchParams('code=654321'))).toBe('654321');
    expect(codeFromLink(new URLSearchParams('type=invite'))).toBe('');
  });

  it('continues to /auth with the flow type and the e-mail address encoded', () => {
    expect(resetAuthPath('ada+x@example.com')).toBe('/auth?type=reset&email=ada%2Bx%40example.com');
    expect(inviteAuthPath('ada@example.com')).toBe('/auth?type=invite&email=ada%40example.com');
  });
});

describe('form checks', () => {
  it('needs both email and code', () => {
    expect(verifyFieldsError('', '123')).toBe('Please enter both email and code');
    expect(verifyFieldsError('a@b.c', ' ')).toBe('Please enter both email and code');
    expect(verifyFieldsError('a@b.c', '123')).toBeNull();
  });

  it('needs the two passwords to match exactly', () => {
    expect(passwordMismatch('secret-one', 'secret-one')).toBeNull();
    expect(passwordMismatch('secret-one', 'secret-two')).toBe('Passwords do not match');
    expect(passwordMismatch('Secret', 'secret')).toBe('Passwords do not match');
  });
});

describe('password failure message', () => {
  const failure = (data: unknown) => ({ status: 400, data }) as const;

  it('prefers the detail, then the message, then the default', () => {
    expect(passwordFailureMessage(failure({ error: 'VALIDATION', message: 'Invalid body', detail: 'Password must be at least 8 characters' }))).toBe(
      'Password must be at least 8 characters',
    );
    expect(passwordFailureMessage(failure({ error: 'X', message: 'Not signed in' }))).toBe('Not signed in');
    expect(passwordFailureMessage(failure(null))).toBe('Failed to update password');
    expect(passwordFailureMessage({ status: 'FETCH_ERROR', error: 'offline' })).toBe('Failed to update password');
  });
});
