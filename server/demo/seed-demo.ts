/**
 * `npm run seed:demo`: a believable site built by issuing real commands (so the ledger, its hash
 * chains and every read table are the real thing): users of every role, a few projects with
 * members, a few hundred parts and six months of receipts, returns, assignments, losses and finds,
 * three warehouses with stock by location, relocations and moves to and from the projects, transfers
 * in every state, a label database with a template in two projects, and assets: categories, a
 * catalogue of a dozen types, a few hundred instances over warehouses and projects, bulk units.
 * Prints the accounts and their passwords. Refuses to run on a database that already has projects.
 */
import { loadConfig } from '../config.ts';
import { openRuntime } from '../runtime.ts';
import { DomainError } from '../../ledger/errors.ts';
import type { CommandOptions } from '../../ledger/command.ts';
import type { GlobalRole } from '../../ledger/user/events.ts';
import type { ProjectRole } from '../../ledger/project/events.ts';
import { changeMembership, createProject } from '../projects/project-commands.ts';
import { holders, inventory } from '../../projections/material-stock/queries.ts';
import { runStock } from '../materials/stock-commands.ts';
import { runCorrection } from '../materials/correction-commands.ts';
import { bootstrapSuperadmin } from '../users/bootstrap-admin.ts';
import { registerUser } from '../users/user-commands.ts';
import { seedDemoLabels } from './labels.ts';
import { HARBOUR_PROJECT, seedDemoTransfers } from './transfers.ts';
import { seedDemoRequests } from './requests.ts';
import { seedWarehouses, STOCK_COUNT_LOSS } from './warehouses.ts';
import { seedAssets } from './assets.ts';

/** A small deterministic generator, so every demo site is the same site. */
function random(seed: number) {
  let s = seed >>> 0;
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!,
  };
}

const PEOPLE: Array<{ first: string; last: string; role: GlobalRole }> = [
  { first: 'Sam', last: 'Super', role: 'superadmin' },
  { first: 'Ada', last: 'Admin', role: 'admin' },
  { first: 'Mia', last: 'Manager', role: 'user' },
  { first: 'Leo', last: 'Lead', role: 'user' },
  { first: 'Cy', last: 'Crew', role: 'user' },
  { first: 'Ria', last: 'Rigger', role: 'user' },
  { first: 'Eli', last: 'Electrician', role: 'user' },
  { first: 'Gus', last: 'Guest', role: 'guest' },
  { first: 'Ava', last: 'Auditor', role: 'auditor' },
];

const PROJECTS = [
  { name: 'North Substation Upgrade', customer: 'Grid Co', number: 'P-1001' },
  { name: HARBOUR_PROJECT, customer: 'Portside Hosting', number: 'P-1002' },
  { name: 'Riverside Solar Farm', customer: 'Sunfield Energy', number: 'P-1003' },
  { name: 'Depot Fit-out', customer: null, number: 'P-1004' },
];

const FAMILIES = [
  ['CBL', 'Cable', ['1.5 mm² 100 m', '2.5 mm² 100 m', '4 mm² 50 m', '6 mm² 50 m', 'Cat6 305 m', 'Fibre OM4 50 m']],
  ['BRK', 'Breaker', ['6 A C-curve', '10 A C-curve', '16 A C-curve', '32 A D-curve', '63 A MCCB']],
  ['CND', 'Conduit', ['20 mm 3 m', '25 mm 3 m', '32 mm 3 m', 'Flexible 20 mm 25 m']],
  ['FIX', 'Fixing', ['Anchor M8', 'Anchor M10', 'Cable tie 300 mm', 'Saddle 20 mm', 'Screw 4x40']],
  ['LUM', 'Luminaire', ['LED panel 600', 'High bay 150 W', 'Bulkhead IP65', 'Emergency exit sign']],
  ['TRM', 'Terminal', ['DIN rail 1 m', 'Terminal 4 mm²', 'End stop', 'Ferrule 2.5 mm²']],
] as const;

async function main(): Promise<void> {
  const config = loadConfig();
  const runtime = await openRuntime({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 4 });
  const { store } = runtime;
  try {
    if (await store.db.selectFrom('projects').select('id').limit(1).executeTakeFirst()) {
      console.error('This database already has projects; the demo site is seeded only into an empty one.');
      process.exitCode = 1;
      return;
    }
    await bootstrapSuperadmin(store, { email: config.adminEmail, password: config.adminPassword });
    const rnd = random(20261122);
    const day = 24 * 3600 * 1000;
    const seededAt = Date.now();
    const start = seededAt - 180 * day;
    // The history ends an hour before the seeding: nothing on a demo site may happen in the future.
    const past = (at: number) => Math.min(at, seededAt - 3600 * 1000);
    const system: CommandOptions = { metadata: { actorId: null, actorName: 'Demo seed', source: 'seed' } };

    const accounts: Array<{ id: string; email: string; password: string; name: string; role: GlobalRole }> = [];
    for (const p of PEOPLE) {
      const email = `${p.first.toLowerCase()}.${p.last.toLowerCase()}@demo.stockledger.local`;
      const password = `demo-${p.first.toLowerCase()}-2026`;
      const { userId } = await registerUser(store, { email, firstName: p.first, lastName: p.last, role: p.role, password }, system.metadata);
      accounts.push({ id: userId, email, password, name: `${p.first} ${p.last}`, role: p.role });
    }
    const byName = (first: string) => accounts.find((a) => a.name.startsWith(first))!;
    const actor = (first: string, at: number): CommandOptions => ({
      metadata: { actorId: byName(first).id, actorName: byName(first).name, source: 'seed' },
      now: new Date(at),
    });

    const projectRoles: Array<[string, ProjectRole]> = [
      ['Ada', 'admin'],
      ['Mia', 'manager'],
      ['Leo', 'manager'],
      ['Cy', 'user'],
      ['Ria', 'user'],
      ['Eli', 'user'],
    ];
    const projectIds: string[] = [];
    for (const p of PROJECTS) {
      const id = await createProject(store, p, actor('Sam', start));
      projectIds.push(id);
      for (const [first, role] of projectRoles) {
        if (p.number === 'P-1004' && first === 'Eli') continue;
        await changeMembership(store, id, { type: 'add', userId: byName(first).id, role }, actor('Sam', start));
      }
    }

    const parts: Array<{ number: string; name: string; nickname: string }> = [];
    for (const [prefix, family, variants] of FAMILIES) {
      for (let i = 0; i < variants.length; i += 1) {
        for (let grade = 1; grade <= 9; grade += 1)
          parts.push({
            number: `${prefix}-${String(i + 1).padStart(2, '0')}${grade}`,
            name: `${family} ${variants[i]} grade ${grade}`,
            nickname: `${family} ${variants[i]}`,
          });
      }
    }

    let events = 0;
    const crew = ['Cy', 'Ria', 'Eli', 'Leo'];
    for (const [index, projectId] of projectIds.entries()) {
      const location = { kind: 'project' as const, id: projectId };
      const stocked = parts.filter(() => rnd.next() < (index === 0 ? 0.9 : 0.5));
      for (const part of stocked) {
        await runStock(
          store,
          { type: 'receive', location, partNumber: part.number, quantity: rnd.int(10, 120), partName: part.name, partNickname: part.nickname },
          actor('Mia', start + rnd.int(0, 20) * day),
        );
        events += 1;
      }
      for (let step = 0; step < stocked.length * 3; step += 1) {
        const part = rnd.pick(stocked);
        const at = past(start + (20 + (160 * step) / (stocked.length * 3)) * day + rnd.int(0, 8) * 3600 * 1000);
        const who = byName(rnd.pick(crew));
        const quantity = rnd.int(1, 12);
        const by = rnd.pick(['Mia', 'Leo'] as const);
        const roll = rnd.next();
        try {
          const options = actor(by, at);
          const target = { location, partNumber: part.number };
          if (roll < 0.15) {
            await runStock(store, { ...target, type: 'receive', quantity: rnd.int(5, 60), partName: null, partNickname: null }, options);
          } else {
            // A crew moves what the shelf and the person actually have: read them first, as they would.
            const [item] = await inventory(store.db, location, { partNumber: part.number });
            const held = item ? ((await holders(store.db, location, item.material_id)).find((h) => h.id === who.id)?.qty ?? 0) : 0;
            const onHand = item?.QtyOnHand ?? 0;
            if (roll < 0.55) await runStock(store, { ...target, type: 'assign', quantity, userId: who.id }, options);
            else if (roll < 0.8)
              await runStock(store, { ...target, type: 'unassign', quantity: Math.max(1, Math.min(quantity, held)), userId: who.id }, options);
            else if (roll < 0.88) {
              const binInfo = `Rack ${rnd.int(1, 9)} / Shelf ${rnd.pick(['A', 'B', 'C'])}`;
              await runStock(store, { ...target, type: 'return', quantity: Math.max(1, Math.min(quantity, onHand)), binInfo }, options);
            } else if (roll < 0.94) {
              await runStock(
                store,
                held > 0
                  ? { ...target, type: 'lost', quantity: 1, source: 'field_assigned', userId: who.id, note: 'Not returned from site' }
                  : { ...target, type: 'lost', quantity: 1, source: 'on_hand', userId: null, note: STOCK_COUNT_LOSS },
                options,
              );
            } else {
              await runStock(store, { ...target, type: 'found', quantity: 1, destination: 'on_hand', userId: null, note: 'Found in the van' }, options);
            }
          }
          events += 1;
        } catch (error) {
          // A refused movement (not enough on hand, nothing lost) is part of a real site's day too.
          if (!(error instanceof DomainError)) throw error;
        }
      }
    }

    // A correction, as an auditor would find one: the first project's first receive was 5 short on
    // its delivery note; the compensating entry is dated the next day and names it.
    const first = await store.db
      .selectFrom('activity_log')
      .select(['position', 'quantity', 'occurred_at'])
      .where('location_id', '=', projectIds[0]!)
      .where('log_type', '=', 'Receive')
      .orderBy('position')
      .limit(1)
      .executeTakeFirst();
    if (first) {
      const appliesAt = new Date(first.occurred_at.getTime() + day);
      const correction = {
        projectId: projectIds[0]!,
        position: Number(first.position),
        quantity: first.quantity + 5,
        reason: 'Delivery note counted 5 more',
        appliesAt,
      };
      await runCorrection(store, correction, actor('Ada', appliesAt.getTime()));
    }

    const warehouseMoves = await seedWarehouses(store, { rnd, parts, projectIds, actor, start, day, past });
    // Transfers between the projects over the last two days, one in every state.
    const transfers = await seedDemoTransfers(store, projectIds, (at) => actor('Ada', at), seededAt - 2 * day, seededAt - 3600 * 1000);
    const labels = await seedDemoLabels(store, projectIds, actor('Ada', seededAt - 3600 * 1000));
    // Eli is not on P-1004's crew (see the memberships above).
    const crewOf = (projectId: string) =>
      ['Cy', 'Ria', 'Eli', 'Leo']
        .filter((first) => first !== 'Eli' || PROJECTS[projectIds.indexOf(projectId)]?.number !== 'P-1004')
        .map((first) => byName(first).id);
    const assets = await seedAssets(store, { rnd, projectIds, crewOf, actor: (at) => actor('Ada', past(at)), start: seededAt - 30 * day, day });
    // Requests over the last five days, in every state; two wait on a delivery.
    const crewPeople = ['Cy', 'Ria', 'Eli'].map((first) => ({ id: byName(first).id, name: byName(first).name, email: byName(first).email }));
    const requests = await seedDemoRequests(store, projectIds, crewPeople, (at) => actor('Mia', at), seededAt - 5 * day, seededAt - 2 * 3600 * 1000);

    console.log(`Demo site ready: ${PROJECTS.length} projects, ${parts.length} parts in the catalogue, ${events} stock movements over six months.`);
    console.log(`Three warehouses with ${warehouseMoves} movements: receipts at named racks and shelves, relocations, and moves to and from the projects.`);
    console.log(`${transfers} transfers between the projects, one in every state (one partly fulfilled, one in transit).`);
    console.log(
      `${assets.instances} asset instances of a dozen types, bulk barriers and scaffold tubes, with ${assets.moves} movements: over the warehouses and projects, some in use, one lost and found.`,
    );
    console.log(`${labels} labels in the Label Manager of the first two projects, each with a "Patch cable" template.`);
    console.log(`${requests} requests from the crew in the first two projects, in every state; some wait on a delivery.\n`);
    console.log('Accounts (e-mail / password / global role):');
    for (const a of accounts) console.log(`  ${a.email.padEnd(42)} ${a.password.padEnd(22)} ${a.role}`);
    console.log('\nEveryone but the guest is a member of every project: Ada is project admin, Mia and Leo managers, the rest users.');
  } finally {
    await runtime.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
