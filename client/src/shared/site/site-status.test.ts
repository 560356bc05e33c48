import { describe, expect, it } from 'vitest';
import { siteStatusOf } from './site-status.ts';

describe('site status', () => {
  it('reads the freeze for everyone and maintenance only for the superadmin', () => {
    const settings = { maintenance_mode: true, freeze_transactions: true };
    expect(siteStatusOf(settings, true)).toEqual({ frozen: true, maintenance: true });
    expect(siteStatusOf(settings, false)).toEqual({ frozen: true, maintenance: false });
  });

  it('treats missing or failed settings as neither frozen nor in maintenance', () => {
    expect(siteStatusOf(undefined, true)).toEqual({ frozen: false, maintenance: false });
    expect(siteStatusOf({ maintenance_mode: false, freeze_transactions: false }, false)).toEqual({ frozen: false, maintenance: false });
  });
});
