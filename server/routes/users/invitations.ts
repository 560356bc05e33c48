/** The e-mails of the account flows, and the invitation itself (user, link and e-mail in one transaction). */
import type { Db } from '../../../ledger/database.ts';
import type { EventStore } from '../../../ledger/event-store/event-store.ts';
import type { CommandOptions } from '../../../ledger/command.ts';
import type { GlobalRole } from '../../../ledger/user/events.ts';
import { createOneTimeCode } from '../../auth/account-tokens.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { inviteUser } from '../../users/user-commands.ts';

export async function inviteWithLink(
  store: EventStore,
  input: { email: string; firstName: string; lastName: string; role: GlobalRole },
  publicUrl: string,
  inviterName: string,
  options: CommandOptions,
): Promise<string> {
  const { userId } = await inviteUser(store, input, options, { publicUrl, inviterName });
  return userId;
}

export async function mailVerificationCode(
  db: Db,
  user: { id: string; email: string; user_firstname: string },
  purpose: 'email' | 'recovery',
  extra = '',
): Promise<void> {
  const code = await createOneTimeCode(db, user.id, purpose);
  await enqueueMail(db, {
    to: user.email,
    subject: purpose === 'recovery' ? 'Your StockLedger password reset code' : 'Your StockLedger verification code',
    body: [`Hello ${user.user_firstname},`, '', `Your one-time code is ${code}. It is valid for 15 minutes and can be used once.`, extra].join('\n').trimEnd(),
  });
}
