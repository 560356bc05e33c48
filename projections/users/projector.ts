/** The `users` read table: one row per user stream, as the user screens and sign-in read it. */
import type { UserEvent } from '../../ledger/user/events.ts';
import type { Projector, RowOp } from '../projector.ts';

export const usersProjector: Projector = {
  name: 'users',
  version: 1,
  tables: [
    {
      name: 'users',
      key: ['id'],
      columns: ['id', 'email', 'user_firstname', 'user_lastname', 'role', 'emails', 'stock_emails', 'created_at', 'deactivated_at'],
    },
  ],
  handles: ['UserRegistered'],
  project(event): RowOp[] {
    const e = event as unknown as UserEvent;
    switch (e.type) {
      case 'UserRegistered':
        return [
          {
            kind: 'insert',
            table: 'users',
            row: {
              id: e.data.userId,
              email: e.data.email,
              user_firstname: e.data.firstName,
              user_lastname: e.data.lastName,
              role: e.data.role,
              emails: e.data.emails,
              stock_emails: e.data.stockEmails,
              created_at: event.occurredAt,
              deactivated_at: null,
            },
          },
        ];
      default:
        return [];
    }
  },
};
