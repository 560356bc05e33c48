import { sql, type Kysely } from 'kysely';

/**
 * The local store's signed upload policies that have been used: a policy is good for one upload,
 * whichever server process receives it, so the mark lives here and the insert that makes it is the
 * check (the primary key refuses a second). A row is kept until its policy has expired, after which
 * the signature alone refuses the policy and the row can go.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table upload_policy_uses (
      policy_id uuid primary key,
      expires_at timestamptz not null,
      used_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index upload_policy_uses_expiry on upload_policy_uses (expires_at)`.execute(db);
}
