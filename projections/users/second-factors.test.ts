/** `users.second_factors` follows a person's factor events, and a rebuild from the ledger gives the same counts. */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SecondFactorCommand } from '../../ledger/user/commands.ts';
import { changeFactors } from '../../server/auth/factors/factor-commands.ts';
import { registerUser, SYSTEM_ACTOR } from '../../server/users/user-commands.ts';
import { openTestRuntime } from '../../test/helpers/test-database.ts';
import { rebuildProjection } from '../rebuild.ts';
import { verifyProjections } from '../verify.ts';
import { usersProjector } from './projector.ts';

let runtime: Awaited<ReturnType<typeof openTestRuntime>>;

beforeAll(async () => {
  runtime = await openTestRuntime();
});
afterAll(async () => {
  await runtime.close();
});

async function counts(): Promise<Record<string, number>> {
  const rows = await runtime.store.db.selectFrom('users').select(['email', 'second_factors']).orderBy('email').execute();
  return Object.fromEntries(rows.map((r) => [r.email, r.second_factors]));
}

describe('users.second_factors', () => {
  it('counts passkeys and the authenticator app as they come and go, and a rebuild agrees', async () => {
    const { userId: ada } = await registerUser(
      runtime.store,
      { email: 'ada@example.com', password: 'correct horse', role: 'admin', firstName: 'Ada', lastName: 'Admin' },
      SYSTEM_ACTOR,
    );
    const { userId: bob } = await registerUser(
      runtime.store,
      { email: 'bob@example.com', password: 'correct horse', role: 'user', firstName: 'Bob', lastName: 'User' },
      SYSTEM_ACTOR,
    );
    const change = (userId: string, command: SecondFactorCommand) => changeFactors(runtime.store, { userId, command }, { metadata: SYSTEM_ACTOR });
    const laptop = randomUUID();
    const phone = randomUUID();

    expect(await counts()).toEqual({ 'ada@example.com': 0, 'bob@example.com': 0 });
    await change(ada, { type: 'RegisterPasskey', data: { passkeyId: laptop, name: 'Laptop' } });
    await change(ada, { type: 'EnrolAuthenticatorApp', data: {} });
    await change(ada, { type: 'GenerateRecoveryCodes', data: { count: 10 } });
    await change(bob, { type: 'EnrolAuthenticatorApp', data: {} });
    expect(await counts()).toEqual({ 'ada@example.com': 2, 'bob@example.com': 1 });

    // Renaming and signing in change no count.
    await change(ada, { type: 'RenamePasskey', data: { passkeyId: laptop, name: 'Work laptop' } });
    await change(ada, { type: 'RecordSignIn', data: { method: 'password', secondFactor: 'recovery', provider: null } });
    await change(ada, { type: 'RemovePasskey', data: { passkeyId: laptop, factorRequired: true } });
    await change(ada, { type: 'RegisterPasskey', data: { passkeyId: phone, name: 'Phone' } });
    expect(await counts()).toEqual({ 'ada@example.com': 2, 'bob@example.com': 1 });

    await change(ada, { type: 'ResetSecondFactors', data: {} });
    await change(bob, { type: 'RemoveAuthenticatorApp', data: { factorRequired: false } });
    expect(await counts()).toEqual({ 'ada@example.com': 0, 'bob@example.com': 0 });

    await change(ada, { type: 'EnrolAuthenticatorApp', data: {} });
    const live = await counts();
    expect(live).toEqual({ 'ada@example.com': 1, 'bob@example.com': 0 });

    const [report] = await verifyProjections(runtime.store, [usersProjector]);
    expect(report!.differences).toEqual([]);
    await rebuildProjection(runtime.store, usersProjector, { databaseUrl: runtime.database.url });
    expect(await counts()).toEqual(live);
  });
});
