import { describe, it } from 'vitest';
import { OFFLINE_MAX_AGE_INVALID } from '../../contract/offline.ts';
import { deciderSpec } from '../testing/decider-spec.ts';
import { siteSettingsDecider } from './decide.ts';
import type { SiteEvent } from './events.ts';

const spec = deciderSpec(siteSettingsDecider);
/** What a change that leaves sign-in alone records of it: the defaults. */
const signInDefaults = { secondFactorPolicy: 'none', passwordSignIn: true, ssoSignUp: false } as const;
const frozen: SiteEvent = {
  type: 'SiteSettingsChanged',
  data: { freezeTransactions: true, maintenanceMode: false, offlineMaxAgeDays: 7, webhooksAllowPrivate: false, ...signInDefaults },
};

describe('site settings aggregate', () => {
  it('freezes transactions and keeps maintenance as it was', () => {
    spec
      .given([])
      .when({ type: 'ChangeSiteSettings', data: { freezeTransactions: true } })
      .then([frozen]);
  });

  it('turns maintenance on while keeping the freeze', () => {
    spec
      .given([frozen])
      .when({ type: 'ChangeSiteSettings', data: { maintenanceMode: true } })
      .then([
        {
          type: 'SiteSettingsChanged',
          data: { freezeTransactions: true, maintenanceMode: true, offlineMaxAgeDays: 7, webhooksAllowPrivate: false, ...signInDefaults },
        },
      ]);
  });

  it('records nothing when nothing changes', () => {
    spec
      .given([frozen])
      .when({ type: 'ChangeSiteSettings', data: { freezeTransactions: true, maintenanceMode: false } })
      .then([]);
  });

  it('changes how old an offline action may be, keeping the switches', () => {
    spec
      .given([frozen])
      .when({ type: 'ChangeSiteSettings', data: { offlineMaxAgeDays: 30 } })
      .then([
        {
          type: 'SiteSettingsChanged',
          data: { freezeTransactions: true, maintenanceMode: false, offlineMaxAgeDays: 30, webhooksAllowPrivate: false, ...signInDefaults },
        },
      ]);
  });

  it('reads an event recorded before the limit existed as the default', () => {
    spec
      .given([{ type: 'SiteSettingsChanged', data: { freezeTransactions: true, maintenanceMode: false } }])
      .when({ type: 'ChangeSiteSettings', data: { offlineMaxAgeDays: 7 } })
      .then([]);
  });

  it('refuses a limit outside its bounds', () => {
    spec
      .given([])
      .when({ type: 'ChangeSiteSettings', data: { offlineMaxAgeDays: 91 } })
      .thenThrows(OFFLINE_MAX_AGE_INVALID);
  });
  it('allows webhooks to private addresses, keeping the rest, and reads older events as not allowed', () => {
    spec
      .given([{ type: 'SiteSettingsChanged', data: { freezeTransactions: true, maintenanceMode: false, offlineMaxAgeDays: 7 } }])
      .when({ type: 'ChangeSiteSettings', data: { webhooksAllowPrivate: true } })
      .then([
        {
          type: 'SiteSettingsChanged',
          data: { freezeTransactions: true, maintenanceMode: false, offlineMaxAgeDays: 7, webhooksAllowPrivate: true, ...signInDefaults },
        },
      ]);
  });

  it('requires a second factor of admins and turns password sign-in off, keeping the rest', () => {
    spec
      .given([frozen])
      .when({ type: 'ChangeSiteSettings', data: { secondFactorPolicy: 'admins', passwordSignIn: false } })
      .then([{ type: 'SiteSettingsChanged', data: { ...frozen.data, secondFactorPolicy: 'admins', passwordSignIn: false } }]);
  });

  it('refuses a policy it does not know, naming the field', () => {
    spec
      .given([])
      .when({ type: 'ChangeSiteSettings', data: { secondFactorPolicy: 'sometimes' as never } })
      .thenThrows('Second factor policy must be none, admins, managers or everyone.', 'VALIDATION');
  });
});
