import { describe, it } from 'vitest';
import { deciderSpec } from '../testing/decider-spec.ts';
import { siteSettingsDecider } from './decide.ts';
import type { SiteEvent } from './events.ts';

const spec = deciderSpec(siteSettingsDecider);
const frozen: SiteEvent = { type: 'SiteSettingsChanged', data: { freezeTransactions: true, maintenanceMode: false } };

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
      .then([{ type: 'SiteSettingsChanged', data: { freezeTransactions: true, maintenanceMode: true } }]);
  });

  it('records nothing when nothing changes', () => {
    spec
      .given([frozen])
      .when({ type: 'ChangeSiteSettings', data: { freezeTransactions: true, maintenanceMode: false } })
      .then([]);
  });
});
