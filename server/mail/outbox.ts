/**
 * E-mail leaves through an outbox table: a message is a row written in the transaction that caused
 * it, and a delivery worker (in any server process) claims pending rows with FOR UPDATE SKIP LOCKED.
 * With SMTP_URL set it sends them; without, it writes them to the server log and keeps them, so a
 * superadmin can read invitations and codes in the browser on a laptop with no mail server.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../ledger/database.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  body: string;
}

export async function enqueueMail(db: Db, mail: OutgoingMail): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('outbox')
    .values({ id, to_email: mail.to, subject: mail.subject, body: mail.body, last_error: null, sent_at: null, claimed_until: null })
    .execute();
  return id;
}

/** A page of the outbox, newest first, optionally only the messages to one address. */
export async function outboxPage(db: Db, options: { to?: string; page: number; pageSize: number }) {
  const to = options.to?.trim().toLowerCase();
  const base = db.selectFrom('outbox').$if(Boolean(to), (q) => q.where(sql`lower(to_email)`, '=', to!));
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(options.pageSize)
      .offset((options.page - 1) * options.pageSize)
      .execute(),
    base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map((m) => ({
      id: m.id,
      to: m.to_email,
      subject: m.subject,
      body: m.body,
      status: m.status,
      created_at: m.created_at.toISOString(),
      sent_at: m.sent_at?.toISOString() ?? null,
    })),
    total: Number(count.n),
  };
}

export type MailTransport = (mail: OutgoingMail) => Promise<'sent' | 'logged'>;

export function mailTransport(smtpUrl: string | null, from: string, log: FastifyBaseLogger): MailTransport {
  if (!smtpUrl) {
    return async (mail) => {
      log.info({ to: mail.to, subject: mail.subject, body: mail.body }, 'e-mail (no SMTP_URL: kept in the outbox)');
      return 'logged';
    };
  }
  const transporter = nodemailer.createTransport(smtpUrl);
  return async (mail) => {
    await transporter.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.body });
    return 'sent';
  };
}

const CLAIM_SECONDS = 60;
const MAX_ATTEMPTS = 5;

/** Delivers up to `batch` pending messages; returns how many it handled. */
export async function deliverPending(db: Db, transport: MailTransport, batch = 20): Promise<number> {
  const claimed = await db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom('outbox')
      .select(['id', 'to_email', 'subject', 'body', 'attempts'])
      .where('status', '=', 'pending')
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', new Date())]))
      .orderBy('created_at')
      .limit(batch)
      .forUpdate()
      .skipLocked()
      .execute();
    if (rows.length > 0) {
      await trx
        .updateTable('outbox')
        .set({ claimed_until: sql`now() + make_interval(secs => ${CLAIM_SECONDS})` })
        .where(
          'id',
          'in',
          rows.map((r) => r.id),
        )
        .execute();
    }
    return rows;
  });
  for (const row of claimed) {
    try {
      const status = await transport({ to: row.to_email, subject: row.subject, body: row.body });
      await db
        .updateTable('outbox')
        .set({ status, sent_at: new Date(), attempts: row.attempts + 1, last_error: null })
        .where('id', '=', row.id)
        .execute();
    } catch (error) {
      const attempts = row.attempts + 1;
      await db
        .updateTable('outbox')
        .set({
          attempts,
          status: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
          last_error: error instanceof Error ? error.message.slice(0, 500) : 'send failed',
          claimed_until: null,
        })
        .where('id', '=', row.id)
        .execute();
    }
  }
  return claimed.length;
}

/** Polls the outbox every few seconds, and at once when `wake()` is called after an enqueue. */
export function startMailWorker(db: Db, transport: MailTransport, log: FastifyBaseLogger, intervalMs = 3000) {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;
  const tick = async () => {
    if (running || stopped) return;
    running = (async () => {
      try {
        while ((await deliverPending(db, transport)) > 0 && !stopped);
      } catch (error) {
        log.warn({ err: error }, 'mail delivery failed; will retry');
      }
    })().finally(() => {
      running = null;
    });
    await running;
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => void tick().then(schedule), intervalMs);
    timer.unref();
  };
  schedule();
  return {
    wake: () => void tick(),
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
