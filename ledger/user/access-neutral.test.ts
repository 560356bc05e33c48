import { describe, expect, it } from 'vitest';
import { up } from '../../migrations/0057-sign-in-factors.ts';
import { ACCESS_NEUTRAL_USER_EVENTS, USER_EVENT_TYPES } from './events.ts';

describe('user events that change nobody access', () => {
  it('are user events, and the database trigger lists the same ones', () => {
    for (const type of ACCESS_NEUTRAL_USER_EVENTS) expect(USER_EVENT_TYPES).toContain(type);
    const source = up.toString();
    for (const type of ACCESS_NEUTRAL_USER_EVENTS) expect(source).toContain(`'${type}'`);
  });
});
