import { describe, expect, it } from 'vitest';
import { validateLogin } from './login-form.ts';

describe('login form', () => {
  it('requires both email and password', () => {
    expect(validateLogin({ email: ' ', password: '' })).toEqual({
      email: 'Email is required',
      password: 'Password is required',
    });
    expect(validateLogin({ email: 'a@b.c', password: 'x' })).toEqual({});
  });
});
