/** `site_settings`: one row, read by every stock command (freeze) and every request (maintenance). */
import type { Projector, RowOp } from '../projector.ts';
import { isSiteEvent } from '../../ledger/site/events.ts';

export const siteSettingsProjector: Projector = {
  name: 'site_settings',
  version: 1,
  tables: [{ name: 'site_settings', key: ['id'], columns: ['id', 'freeze_transactions', 'maintenance_mode', 'updated_at'] }],
  handles: ['SiteSettingsChanged'],
  project(event): RowOp[] {
    const e = event;
    if (!isSiteEvent(e)) return [];
    return [
      {
        kind: 'upsert',
        table: 'site_settings',
        key: { id: 1 },
        set: { freeze_transactions: e.data.freezeTransactions, maintenance_mode: e.data.maintenanceMode, updated_at: event.occurredAt },
      },
    ];
  },
};
