/**
 * A person's sign-in and security history: the events of their user stream, newest first, each in
 * words a person reads. Credentials never enter the ledger, so nothing here can show one.
 */
import type { SecondFactorMethod, SignInMethod } from '../../contract/sign-in.ts';
import type { Db } from '../../ledger/database.ts';
import { readStreamBackward } from '../../ledger/event-store/event-store.ts';
import type { EventMetadata } from '../../ledger/event-store/types.ts';
import { isUserEvent, type UserEvent, userStreamId } from '../../ledger/user/events.ts';

export const HISTORY_PAGE_SIZE = 50;

export interface SecurityHistoryItem {
  position: string;
  type: string;
  at: string;
  actor: string;
  summary: string;
}

const SIGN_IN_WAYS: Record<SignInMethod, string> = {
  password: 'a password',
  passkey: 'a passkey',
  sso: 'single sign-on',
  'email-code': 'an e-mailed code',
  link: 'an e-mailed link',
};

const SECOND_FACTOR_WAYS: Record<SecondFactorMethod, string> = {
  passkey: 'a passkey',
  totp: 'an authenticator code',
  recovery: 'a recovery code',
};

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** "a, b and c" */
function listed(parts: string[]): string {
  if (parts.length <= 1) return parts.join('');
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/** The actor's name when it was someone, not the system. */
const byWhom = (metadata: EventMetadata): string | null => (metadata.actorId ? metadata.actorName : null);

/** One event in words; `metadata` says who did it (an inviter, the admin of a reset). */
export function summarize(event: UserEvent, metadata: EventMetadata): string {
  switch (event.type) {
    case 'UserRegistered':
      return `Account created as ${event.data.role}`;
    case 'UserInvited': {
      const inviter = byWhom(metadata);
      return inviter ? `Invited by ${inviter} as ${event.data.role}` : `Invited as ${event.data.role}`;
    }
    case 'UserActivated':
      return 'Account activated (first password set)';
    case 'UserRoleChanged':
      return `Role changed from ${event.data.previousRole} to ${event.data.role}`;
    case 'UserEmailPreferencesChanged': {
      const onOff = (on: boolean) => (on ? 'on' : 'off');
      return `E-mail preferences changed: assignment e-mails ${onOff(event.data.emails)}, stock alerts ${onOff(event.data.stockEmails)}`;
    }
    case 'UserDeactivated':
      return 'Account deactivated';
    case 'PasskeyRegistered':
      return `Added passkey “${event.data.name}”`;
    case 'PasskeyRenamed':
      return `Renamed a passkey to “${event.data.name}”`;
    case 'PasskeyRemoved':
      return `Removed passkey “${event.data.name}”`;
    case 'AuthenticatorAppEnrolled':
      return 'Set up an authenticator app';
    case 'AuthenticatorAppRemoved':
      return 'Removed the authenticator app';
    case 'RecoveryCodesGenerated':
      return `Made ${plural(event.data.count, 'new recovery code')} (any earlier ones no longer work)`;
    case 'RecoveryCodeUsed':
      return `Used a recovery code (${event.data.remaining} left)`;
    case 'SecondFactorsReset': {
      const { passkeys, authenticatorApp, recoveryCodes } = event.data;
      const removed = [
        ...(passkeys > 0 ? [plural(passkeys, 'passkey')] : []),
        ...(authenticatorApp ? ['the authenticator app'] : []),
        ...(recoveryCodes > 0 ? [plural(recoveryCodes, 'recovery code')] : []),
      ];
      return `Second factors reset by ${metadata.actorName}: ${listed(removed)} removed`;
    }
    case 'UserSignedIn': {
      const { method, secondFactor, provider } = event.data;
      const first = method === 'sso' && provider ? `single sign-on (${provider})` : SIGN_IN_WAYS[method];
      return secondFactor ? `Signed in with ${first} and ${SECOND_FACTOR_WAYS[secondFactor]}` : `Signed in with ${first}`;
    }
    case 'SingleSignOnLinked':
      return `Linked the single sign-on account ${event.data.email} (${event.data.provider})`;
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

/** A page of the person's history before `before` (a ledger position), newest first. */
export async function securityHistoryOf(
  db: Db,
  userId: string,
  before: string | undefined,
): Promise<{ items: SecurityHistoryItem[]; next_before: string | null }> {
  // One more than a page tells whether there is a next one.
  const newest = await readStreamBackward(db, userStreamId(userId), {
    limit: HISTORY_PAGE_SIZE + 1,
    before: before === undefined ? undefined : Number(before),
  });
  const page = newest.slice(0, HISTORY_PAGE_SIZE);
  const items: SecurityHistoryItem[] = [];
  for (const event of page) {
    if (!isUserEvent(event)) continue;
    items.push({
      position: String(event.globalPosition),
      type: event.type,
      at: event.occurredAt.toISOString(),
      actor: event.metadata.actorName,
      summary: summarize(event, event.metadata),
    });
  }
  const last = page.at(-1);
  return { items, next_before: newest.length > HISTORY_PAGE_SIZE && last ? String(last.globalPosition) : null };
}
