/**
 * Project commands on the project's own stream (folded: a project has tens of events, its members
 * and settings). The names of the users a command names are read in the same round trip.
 */
import { USER_NOT_FOUND } from '../../contract/messages.ts';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { CommandOptions } from '../../ledger/command.ts';
import { runCommand } from '../../ledger/command-runner.ts';
import { DomainError } from '../../ledger/errors.ts';
import type { EventStore, Trx } from '../../ledger/event-store/event-store.ts';
import type { ProjectCommand } from '../../ledger/project/commands.ts';
import { projectDecider } from '../../ledger/project/decide.ts';
import { projectStreamId, type ProjectRole } from '../../ledger/project/events.ts';
import { foldedStreamHandler } from '../../ledger/stream-handler.ts';

export const PROJECT_NUMBER_TAKEN = 'A project with this project number already exists.';

interface UserLookup {
  name: string;
  active: boolean;
}

/** Display names of the users the inputs name, one query for the batch; null for none or unknown. */
async function usersNamed(trx: Trx, ids: Array<string | null>): Promise<Array<UserLookup | null>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return ids.map(() => null);
  const rows = await trx.selectFrom('users').select(['id', 'user_firstname', 'user_lastname', 'email', 'deactivated_at']).where('id', 'in', wanted).execute();
  const byId = new Map(rows.map((u) => [u.id, { name: `${u.user_firstname} ${u.user_lastname}`.trim() || u.email, active: u.deactivated_at === null }]));
  return ids.map((id) => (id ? (byId.get(id) ?? null) : null));
}

interface CreateInput {
  projectId: string;
  name: string;
  customer: string | null;
  number: string;
  creatorId: string | null;
}

const createHandler = foldedStreamHandler({
  name: 'create-project',
  decider: projectDecider,
  streamId: (input: CreateInput) => projectStreamId(input.projectId),
  async lookup(trx, inputs) {
    const creators = await usersNamed(
      trx,
      inputs.map((i) => i.creatorId),
    );
    const numbers = inputs.map((i) => i.number.trim().toLowerCase());
    const taken = await trx
      .selectFrom('projects')
      .select('project_number')
      .where('archived_at', 'is', null)
      .where(sql<boolean>`lower(project_number) = any(${numbers}::text[])`)
      .execute();
    const takenSet = new Set(taken.map((t) => t.project_number.toLowerCase()));
    const { rows } = await sql<{ n: number }>`select nextval('project_num_id_seq')::int as n from generate_series(1, ${inputs.length}::int)`.execute(trx);
    return inputs.map((input, i) => ({ creator: creators[i] ?? null, numId: rows[i]!.n, taken: takenSet.has(numbers[i]!) }));
  },
  command(input, _state, lookup): ProjectCommand {
    if (input.creatorId && !lookup.creator) throw new DomainError('NOT_FOUND', USER_NOT_FOUND);
    if (lookup.taken) throw new DomainError('CONFLICT', PROJECT_NUMBER_TAKEN);
    const { creatorId, projectId, ...details } = input;
    const creator = creatorId && lookup.creator ? { userId: creatorId, userName: lookup.creator.name } : null;
    return { type: 'CreateProject', data: { projectId, numId: lookup.numId, ...details, creator } };
  },
});

export async function createProject(
  store: EventStore,
  input: { name: string; customer: string | null; number: string; creatorId?: string },
  options: CommandOptions,
): Promise<string> {
  const projectId = randomUUID();
  await runCommand(
    store,
    createHandler,
    { projectId, name: input.name, customer: input.customer, number: input.number, creatorId: input.creatorId ?? null },
    options,
  );
  return projectId;
}

export type MemberChange =
  | { type: 'add'; userId: string; role: ProjectRole }
  | { type: 'role'; userId: string; role: ProjectRole }
  | { type: 'remove'; userId: string };

const membershipHandler = foldedStreamHandler({
  name: 'project-membership',
  decider: projectDecider,
  streamId: (input: { projectId: string; change: MemberChange }) => projectStreamId(input.projectId),
  lookup: (trx, inputs) =>
    usersNamed(
      trx,
      inputs.map((i) => i.change.userId),
    ),
  command({ change }, _state, user): ProjectCommand {
    if (!user) throw new DomainError('NOT_FOUND', USER_NOT_FOUND);
    switch (change.type) {
      case 'add':
        return { type: 'AddProjectMember', data: { userId: change.userId, userName: user.name, role: change.role, userIsActive: user.active } };
      case 'role':
        return { type: 'ChangeProjectMemberRole', data: { userId: change.userId, userName: user.name, role: change.role } };
      case 'remove':
        return { type: 'RemoveProjectMember', data: { userId: change.userId, userName: user.name } };
    }
  },
});

export function changeMembership(store: EventStore, projectId: string, change: MemberChange, options: CommandOptions) {
  return runCommand(store, membershipHandler, { projectId, change }, options);
}

const projectHandler = foldedStreamHandler({
  name: 'project',
  decider: projectDecider,
  streamId: (input: { projectId: string; command: ProjectCommand }) => projectStreamId(input.projectId),
  command: (input) => input.command,
});

export function projectCommand(store: EventStore, projectId: string, command: ProjectCommand, options: CommandOptions) {
  return runCommand(store, projectHandler, { projectId, command }, options);
}
