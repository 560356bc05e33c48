/** `site_settings`: one row, read by every stock command (freeze) and every request (maintenance, the age limit of offline actions). */
import { OFFLINE_MAX_AGE } from '../../contract/offline.ts';
import type { Projector, RowOp } from '../projector.ts';
import { isSiteEvent } from '../../ledger/site/events.ts';

export const siteSettingsProjector: Projector = {
  name: 'site_settings',
  version: 4,
  tables: [
    {
      name: 'site_settings',
      key: ['id'],
      columns: [
        'id',
        'freeze_transactions',
        'maintenance_mode',
        'offline_max_age_days',
        'webhooks_allow_private',
        'second_factor_policy',
        'password_sign_in',
        'sso_sign_up',
        'updated_at',
      ],
    },
  ],
  handles: ['SiteSettingsChanged'],
  project(event): RowOp[] {
    const e = event;
    if (!isSiteEvent(e)) return [];
    return [
      {
        kind: 'upsert',
        table: 'site_settings',
        key: { id: 1 },
        set: {
          freeze_transactions: e.data.freezeTransactions,
          maintenance_mode: e.data.maintenanceMode,
          offline_max_age_days: e.data.offlineMaxAgeDays ?? OFFLINE_MAX_AGE.defaultDays,
          // Events recorded before the setting existed: webhooks to private addresses were not allowed.
          webhooks_allow_private: e.data.webhooksAllowPrivate ?? false,
          // Older events: nobody required a second factor, passwords were on, sign-up was off.
          second_factor_policy: e.data.secondFactorPolicy ?? 'none',
          password_sign_in: e.data.passwordSignIn ?? true,
          sso_sign_up: e.data.ssoSignUp ?? false,
          updated_at: event.occurredAt,
        },
      },
    ];
  },
};
