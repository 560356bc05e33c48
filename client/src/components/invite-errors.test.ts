import { describe, expect, it } from 'vitest';
import { INVITE_TEXT, inviteFailure, validateInvite } from './invite-errors.ts';

describe('invite failure', () => {
  it('maps a rate-limit message to the wait-a-few-minutes text', () => {
    expect(inviteFailure('Invite rate limit exceeded, try later')).toEqual({
      toast: "You've hit the invite rate limit. Please wait a few minutes.",
      emailError: null,
    });
    expect(inviteFailure('RATE LIMIT').toast).toBe(INVITE_TEXT.rateLimited);
  });

  it('maps "already registered" to "This user already exists."', () => {
    expect(inviteFailure('A user with this email address has already registered').toast).toBe('This user already exists.');
  });

  it('shows the company-domain rule at the e-mail field, as the server words it', () => {
    expect(inviteFailure('Email must be in the example.com domain')).toEqual({
      toast: 'Invite failed',
      emailError: 'Email must be in the example.com domain',
    });
  });

  it('falls back to "Invite failed" for anything else, including no message at all', () => {
    expect(inviteFailure('Forbidden')).toEqual({ toast: 'Invite failed', emailError: null });
    expect(inviteFailure(null)).toEqual({ toast: 'Invite failed', emailError: null });
  });
});

describe('invite form', () => {
  it('requires first name, last name and an e-mail address', () => {
    expect(validateInvite({ first_name: ' ', last_name: '', email: '' })).toEqual({
      first_name: 'First name is required',
      last_name: 'Last name is required',
      email: 'Email is required',
    });
    expect(validateInvite({ first_name: 'Ada', last_name: 'L', email: 'ada' }).email).toBe('Enter a valid email address');
    expect(validateInvite({ first_name: 'Ada', last_name: 'L', email: 'ada@example.com' })).toEqual({});
  });
});

describe('invite limits', () => {
  it('says a name or an address past its limit is too long', () => {
    expect(validateInvite({ first_name: 'A'.repeat(101), last_name: 'B', email: `${'e'.repeat(250)}@x.io` })).toEqual({
      first_name: 'First name is too long (at most 100 characters).',
      email: 'Email is too long (at most 254 characters).',
    });
  });
});
