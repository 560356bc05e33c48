/** Command handlers for projects: the project stream, with user details read in the same transaction. */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { DomainError } from '../../ledger/errors.ts';
import { runStreamCommand, type CommandOptions } from '../../ledger/handle-command.ts';
import type { EventStore, Trx } from '../../ledger/event-store/event-store.ts';
import type { ProjectCommand } from '../../ledger/project/commands.ts';
import { projectDecider } from '../../ledger/project/decide.ts';
import { projectStreamId, type ProjectRole } from '../../ledger/project/events.ts';

export async function createProject(
  store: EventStore,
  input: { name: string; customer: string | null; number: string; creatorId?: string },
  options: CommandOptions,
): Promise<string> {
  const projectId = randomUUID();
  const { creatorId, ...details } = input;
  await runStreamCommand(store, options, projectDecider, projectStreamId(projectId), async ({ trx }) => {
    const { rows } = await sql<{ n: number }>`select nextval('project_num_id_seq')::int as n`.execute(trx);
    const creator = creatorId ? { userId: creatorId, userName: (await activeUser(trx, creatorId)).name } : null;
    return { type: 'CreateProject' as const, data: { projectId, numId: rows[0]!.n, ...details, creator } };
  });
  return projectId;
}

async function activeUser(trx: Trx, userId: string) {
  const user = await trx
    .selectFrom('users')
    .select(['id', 'user_firstname', 'user_lastname', 'email', 'deactivated_at'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) throw new DomainError('NOT_FOUND', 'User not found');
  const name = `${user.user_firstname} ${user.user_lastname}`.trim() || user.email;
  return { name, active: user.deactivated_at === null };
}

export type MemberChange =
  | { type: 'add'; userId: string; role: ProjectRole }
  | { type: 'role'; userId: string; role: ProjectRole }
  | { type: 'remove'; userId: string };

export function changeMembership(store: EventStore, projectId: string, change: MemberChange, options: CommandOptions) {
  return runStreamCommand(store, options, projectDecider, projectStreamId(projectId), async ({ trx }): Promise<ProjectCommand> => {
    const user = await activeUser(trx, change.userId);
    switch (change.type) {
      case 'add':
        return { type: 'AddProjectMember', data: { userId: change.userId, userName: user.name, role: change.role, userIsActive: user.active } };
      case 'role':
        return { type: 'ChangeProjectMemberRole', data: { userId: change.userId, userName: user.name, role: change.role } };
      case 'remove':
        return { type: 'RemoveProjectMember', data: { userId: change.userId, userName: user.name } };
    }
  });
}

export function projectCommand(store: EventStore, projectId: string, command: ProjectCommand, options: CommandOptions) {
  return runStreamCommand(store, options, projectDecider, projectStreamId(projectId), () => command);
}
