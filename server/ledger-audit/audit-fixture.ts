/** For the audit tests: a project with a history of movements, and a bundle taken the way the route takes it. */
import { sql } from 'kysely';
import type { AuditBundle, Checkpoint } from '../../contract/ledger.ts';
import type { EventStore } from '../../ledger/event-store/event-store.ts';
import { writeCheckpoint } from '../../ledger/seal/seal-page.ts';
import { sealCommitted } from '../../ledger/seal/seal-testing.ts';
import type { SigningKey } from '../../ledger/seal/signing-key.ts';
import { runStock } from '../materials/stock-commands.ts';
import { changeMembership, createProject } from '../projects/project-commands.ts';
import { inviteUser, SYSTEM_ACTOR } from '../users/user-commands.ts';
import { buildBundle } from './bundle.ts';
import { parseBundle } from './offline-audit.ts';

const at = (iso: string) => ({ metadata: SYSTEM_ACTOR, now: new Date(iso) });

/** Receives, a return, an assignment and a loss of two parts across three months of 2026. */
export async function projectWithHistory(store: EventStore, number: string): Promise<string> {
  const projectId = await createProject(store, { name: `Audit ${number}`, customer: null, number }, { metadata: SYSTEM_ACTOR });
  const { userId } = await inviteUser(
    store,
    { email: `${number.toLowerCase()}@example.com`, firstName: 'Field', lastName: 'Worker', role: 'user' },
    { metadata: SYSTEM_ACTOR },
  );
  await changeMembership(store, projectId, { type: 'add', userId, role: 'user' }, { metadata: SYSTEM_ACTOR });
  const location = { kind: 'project' as const, id: projectId };
  await runStock(
    store,
    { type: 'receive', location, partNumber: `${number}-A`, quantity: 40, partName: 'Anchor', partNickname: 'Anchor' },
    at('2026-01-10T09:00:00Z'),
  );
  await runStock(
    store,
    { type: 'receive', location, partNumber: `${number}-B`, quantity: 12, partName: 'Bolt', partNickname: 'Bolt' },
    at('2026-02-01T09:00:00Z'),
  );
  await runStock(store, { type: 'return', location, partNumber: `${number}-A`, quantity: 5, binInfo: 'Bin 4' }, at('2026-02-15T12:00:00Z'));
  await runStock(store, { type: 'assign', location, partNumber: `${number}-A`, quantity: 10, userId }, at('2026-03-02T08:00:00Z'));
  await runStock(
    store,
    { type: 'lost', location, partNumber: `${number}-B`, quantity: 2, source: 'on_hand', userId: null, note: '=SUM(A1)' },
    at('2026-03-20T16:00:00Z'),
  );
  return projectId;
}

/** Seals what is committed, signs the head, and takes the project's bundle for February and March. */
export async function takeBundle(
  store: EventStore,
  key: SigningKey,
  projectId: string,
  since?: number,
): Promise<{ bundle: AuditBundle; text: string; checkpoint: Checkpoint }> {
  await sealCommitted(store);
  await writeCheckpoint(store.db, key);
  const built = await buildBundle(store.db, { projectId, from: '2026-02-01', to: '2026-03-31', since }, key.publicKey);
  const text = built.pieces.join('');
  return { bundle: parseBundle(text), text, checkpoint: built.checkpoint };
}

/** What a superuser can do with the triggers out of the way. */
export async function withoutTriggers(store: EventStore, change: () => Promise<void>): Promise<void> {
  await sql`alter table events disable trigger events_no_update`.execute(store.db);
  try {
    await change();
  } finally {
    await sql`alter table events enable trigger events_no_update`.execute(store.db);
  }
}
