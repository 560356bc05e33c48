/** A signed-in person and a warehouse as component tests hand them to the fake server. */
import type { Warehouse } from '../api/warehouse-types.ts';
import type { Me } from '../shared/session/session-types.ts';

export const U1 = '44444444-4444-4444-8444-444444444444';
export const W1 = '11111111-1111-4111-8111-111111111111';

export const person = (role: Me['role']): Me => ({
  id: U1,
  email: 'ada@example.com',
  user_email: 'ada@example.com',
  user_firstname: 'Ada',
  user_lastname: 'Lovelace',
  role,
  emails: true,
  stock_emails: true,
  second_factor: { required: false, enrolled: 0, must_enrol: false },
});

/** North Yard, empty unless the test gives it figures. */
export const northYardWith = (figures: Partial<Warehouse> = {}): Warehouse => ({
  id: W1,
  num_id: 1,
  name: 'North Yard',
  label: '#1 · North Yard',
  yard_info: { location: 'Dock Road 4', capacity_summary: '12 racks', capacitySummary: '12 racks' },
  active: true,
  created_at: '2026-11-01T08:00:00Z',
  deactivated_at: null,
  parts: 0,
  qty_on_hand: 0,
  ...figures,
});
