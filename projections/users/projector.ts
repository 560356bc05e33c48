/** The `users` read table: one row per user stream, as the user screens and sign-in read it. */
import { isUserEvent, USER_EVENT_TYPES } from '../../ledger/user/events.ts';
import type { Projector, RowOp } from '../projector.ts';

const update = (userId: string, set: Record<string, string | number | boolean | Date | null>): RowOp => ({
  kind: 'update',
  table: 'users',
  key: { id: userId },
  set,
});

export const usersProjector: Projector = {
  name: 'users',
  version: 3,
  tables: [
    {
      name: 'users',
      key: ['id'],
      columns: ['id', 'email', 'user_firstname', 'user_lastname', 'role', 'emails', 'stock_emails', 'status', 'created_at', 'deactivated_at', 'second_factors'],
    },
  ],
  handles: USER_EVENT_TYPES,
  project(event): RowOp[] {
    const e = event;
    if (!isUserEvent(e)) return [];
    switch (e.type) {
      case 'UserRegistered':
      case 'UserInvited':
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
              status: e.type === 'UserInvited' ? 'invited' : 'active',
              created_at: event.occurredAt,
              deactivated_at: null,
              second_factors: 0,
            },
          },
        ];
      case 'UserActivated':
        return [update(e.data.userId, { status: 'active' })];
      case 'UserRoleChanged':
        return [update(e.data.userId, { role: e.data.role })];
      case 'UserEmailPreferencesChanged':
        return [update(e.data.userId, { emails: e.data.emails, stock_emails: e.data.stockEmails })];
      case 'UserDeactivated':
        return [update(e.data.userId, { deactivated_at: event.occurredAt })];
      case 'PasskeyRegistered':
      case 'PasskeyRemoved':
      case 'AuthenticatorAppEnrolled':
      case 'AuthenticatorAppRemoved':
        return [update(e.data.userId, { second_factors: e.data.secondFactors })];
      case 'SecondFactorsReset':
        return [update(e.data.userId, { second_factors: 0 })];
      // The security history reads these from the user's stream; no read table holds them.
      case 'PasskeyRenamed':
      case 'RecoveryCodesGenerated':
      case 'RecoveryCodeUsed':
      case 'UserSignedIn':
      case 'SingleSignOnLinked':
        return [];
      default: {
        const unknown: never = e;
        return unknown;
      }
    }
  },
};
