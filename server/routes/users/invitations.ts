/** The e-mails of the account flows, and the invitation itself (user, link and e-mail in one transaction). */
import type { Db } from '../../../ledger/database.ts';
import type { EventStore } from '../../../ledger/event-store/event-store.ts';
import type { CommandOptions } from '../../../ledger/handle-command.ts';
import type { GlobalRole } from '../../../ledger/user/events.ts';
import { createLinkToken, createOneTimeCode } from '../../auth/account-tokens.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { inviteUser } from '../../users/user-commands.ts';

export async function inviteWithLink(
  store: EventStore,
  input: { email: string; firstName: string; lastName: string; role: GlobalRole },
  publicUrl: string,
  inviterName: string,
  options: CommandOptions,
): Promise<string> {
  const { userId } = await inviteUser(store, input, options, async (trx, id) => {
    const token = await createLinkToken(trx, id, 'invite');
    await enqueueMail(trx, {
      to: input.email,
      subject: 'You are invited to StockLedger',
      body: [
        `Hello ${input.firstName},`,
        '',
        `${inviterName} invited you to StockLedger. Open this link to set your password:`,
        `${publicUrl}/login/${token}`,
        '',
        'The link is valid for 7 days. We will e-mail you a one-time code to confirm your address.',
      ].join('\n'),
    });
  });
  return userId;
}

export async function mailVerificationCode(db: Db, user: { id: string; email: string; user_firstname: string }, purpose: 'email' | 'recovery', extra = ''): Promise<void> {
  const code = await createOneTimeCode(db, user.id, purpose);
  await enqueueMail(db, {
    to: user.email,
    subject: purpose === 'recovery' ? 'Your StockLedger password reset code' : 'Your StockLedger verification code',
    body: [`Hello ${user.user_firstname},`, '', `Your one-time code is ${code}. It is valid for 15 minutes and can be used once.`, extra].join('\n').trimEnd(),
  });
}
