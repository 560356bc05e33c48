/**
 * What the print route tests print: a project with 25 cable labels and a template, a second
 * project, an asset in the project and one in a warehouse, parts in the project and the warehouse,
 * and people of each kind signed in.
 */
import { execFileSync } from 'node:child_process';
import type { FastifyInstance } from 'fastify';
import { findPreset, type Medium } from '../../contract/label-media.ts';
import type { PrintBodyInput } from '../../contract/label-print.ts';
import { buildTestApp, createUser, signIn } from '../../test/helpers/test-app.ts';
import { openTestRuntime } from '../../test/helpers/test-database.ts';
import { createAssetCatalogItem, createAssetCategory } from '../assets/catalog-commands.ts';
import { runInstance } from '../assets/instance-commands.ts';
import { createTemplate, importLabels } from '../labels/label-commands.ts';
import { runStock } from '../materials/stock-commands.ts';
import { changeMembership, createProject } from '../projects/project-commands.ts';
import type { Runtime } from '../runtime.ts';
import { SYSTEM_ACTOR } from '../users/user-commands.ts';
import { runWarehouseStock } from '../warehouses/warehouse-stock-commands.ts';
import { createWarehouse } from '../warehouses/warehouse-commands.ts';

const system = { metadata: SYSTEM_ACTOR };

export const L7160 = findPreset('avery-l7160')!.medium;
export const ROLL = findPreset('roll-62x29')!.medium;
export const TINY_ROLL: Medium = { kind: 'roll', unit: 'mm', label_width_mm: 4, label_height_mm: 2, dpi: 203 };

export interface PrintFixtures {
  runtime: Runtime;
  app: FastifyInstance;
  project: string;
  otherProject: string;
  warehouse: string;
  template: string;
  labelIds: string[];
  /** The instance the project holds, and the one the warehouse holds. */
  projectAsset: string;
  warehouseAsset: string;
  cookies: { admin: string; worker: string; outsider: string; auditor: string };
}

/** The n-th cable label of the fixture (1-based). */
export const cableLines = (n: number) => [`cab-${String(n).padStart(4, '0')}`, `Rack ${n % 3 === 0 ? 'A' : 'B'}`];

export async function openPrintFixtures(): Promise<PrintFixtures> {
  const runtime = await openTestRuntime();
  const app = await buildTestApp(runtime);
  const store = runtime.store;
  const { userId: adminId } = await createUser(runtime, 'admin@print.test', 'admin password', 'admin');
  const { userId: workerId } = await createUser(runtime, 'worker@print.test', 'worker password', 'user');
  const { userId: outsiderId } = await createUser(runtime, 'outsider@print.test', 'outsider password', 'user');
  await createUser(runtime, 'auditor@print.test', 'auditor password', 'auditor');
  const project = await createProject(store, { name: 'Data hall', customer: null, number: 'DH-1', creatorId: adminId }, system);
  const otherProject = await createProject(store, { name: 'Other hall', customer: null, number: 'OH-1' }, system);
  await changeMembership(store, project, { type: 'add', userId: workerId, role: 'user' }, system);
  await changeMembership(store, otherProject, { type: 'add', userId: outsiderId, role: 'user' }, system);

  const labels = Array.from({ length: 25 }, (_, i) => ({ lines: cableLines(i + 1), system: i < 10 ? 'POWER' : 'FIBER', clusterPod: 'POD-1' }));
  await importLabels(store, { projectId: project, labels }, system);
  const rows = await runtime.store.db.selectFrom('labels').select('id').where('project_id', '=', project).orderBy('seq').execute();
  const template = await createTemplate(
    store,
    {
      projectId: project,
      name: 'Cables',
      templateData: {
        columns: ['Line 1', 'Line 2', 'System'],
        lines: [
          { id: 'a', fields: [{ name: 'Line 1', prependText: 'ID ', appendText: '' }], separator: ' ', casing: 'uppercase' },
          {
            id: 'b',
            fields: [
              { name: 'Line 2', prependText: '', appendText: '' },
              { name: 'System', prependText: '(', appendText: ')' },
            ],
            separator: ' ',
            casing: 'none',
          },
        ],
      },
    },
    system,
  );

  const warehouse = await createWarehouse(store, { name: 'North Yard', location: null, capacitySummary: null }, system);
  const categoryId = await createAssetCategory(store, { name: 'Laptops', kind: 'serialized' }, system);
  const catalogId = await createAssetCatalogItem(store, { assetNumber: 'LAP-01', assetName: 'ThinkPad T14', categoryId }, system);
  const W = { type: 'warehouse' as const, id: warehouse };
  const receive = (serialNumber: string) =>
    runInstance(
      store,
      null,
      { type: 'receive-new', catalogId, serialNumber, assetName: null, condition: null, notes: null, to: W, parentWarehouseId: null, metadata: {} },
      system,
    );
  const projectAsset = await receive('SN-PRJ-1');
  await runInstance(store, projectAsset, { type: 'move', from: W, to: { type: 'project', id: project }, notes: null }, system);
  const warehouseAsset = await receive('SN-WH-2');

  await runStock(
    store,
    { type: 'receive', location: { kind: 'project', id: project }, partNumber: 'PN-100', quantity: 5, partName: 'Hex bolt', partNickname: 'M8 bolt' },
    system,
  );
  await runWarehouseStock(
    store,
    { warehouseId: warehouse, partNumber: 'WH-7', type: 'receive', quantity: 3, place: { rack: 'A' }, partName: 'Cable tie', partNickname: 'Zip tie' },
    system,
  );

  const cookies = {
    admin: await signIn(app, 'admin@print.test', 'admin password'),
    worker: await signIn(app, 'worker@print.test', 'worker password'),
    outsider: await signIn(app, 'outsider@print.test', 'outsider password'),
    auditor: await signIn(app, 'auditor@print.test', 'auditor password'),
  };
  return { runtime, app, project, otherProject, warehouse, template, labelIds: rows.map((r) => r.id), projectAsset, warehouseAsset, cookies };
}

export function printer(f: () => PrintFixtures) {
  return (payload: PrintBodyInput | Record<string, unknown>, cookie: string | null = f().cookies.admin, preview = false) =>
    f().app.inject({
      method: 'POST',
      url: preview ? '/api/labels/print/preview' : '/api/labels/print',
      headers: cookie ? { cookie } : {},
      payload,
    });
}

/** Pages of a PDF: its page objects (`/Type /Page`, not the `/Pages` tree). */
export const pdfPages = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type\s*\/Page(?![a-z])/g) ?? []).length;

/** The PDF's text as poppler reads it. */
export const pdfText = (pdf: Buffer) => execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString('utf8');
