/**
 * The demo site's labels (`npm run seed:demo`): a label database for each of the first two
 * projects — patch-panel and rack labels tagged by system and cluster/pod — and one template, so
 * the Label Manager's search, filters, paging, selection and exports have something to show.
 * Written through the same commands an import uses.
 */
import type { CommandOptions } from '../../ledger/command.ts';
import type { EventStore } from '../../ledger/event-store/event-store.ts';
import { createTemplate, importLabels, type LabelToImport } from '../labels/label-commands.ts';

const SYSTEMS = ['SYS-A', 'SYS-B', 'SYS-C'];
const PODS = ['POD-1', 'POD-2', 'POD-3', 'POD-4'];

function demoLabels(prefix: string, count: number): LabelToImport[] {
  return Array.from({ length: count }, (_, i) => {
    const rack = 101 + Math.floor(i / 24);
    const port = String((i % 24) + 1).padStart(2, '0');
    return {
      lines: [`${prefix} RACK ${rack}`, `PANEL ${String.fromCharCode(65 + (i % 4))} PORT ${port}`, `TO RACK ${rack + 10} PORT ${port}`],
      system: SYSTEMS[i % SYSTEMS.length],
      clusterPod: PODS[Math.floor(i / 60) % PODS.length],
    };
  });
}

/** Imports the demo labels and a template; answers how many labels were written. */
export async function seedDemoLabels(store: EventStore, projectIds: readonly string[], options: CommandOptions): Promise<number> {
  let written = 0;
  for (const [index, projectId] of projectIds.slice(0, 2).entries()) {
    const { imported } = await importLabels(store, { projectId, labels: demoLabels(index === 0 ? 'DC1' : 'DC2', 240) }, options);
    written += imported;
    await createTemplate(
      store,
      {
        projectId,
        name: 'Patch cable',
        templateData: {
          columns: ['Rack', 'Panel', 'Port', 'Destination'],
          lines: [
            { id: 'line-1', fields: [{ name: 'Rack', prependText: 'RACK ', appendText: '' }], separator: ' ', casing: 'uppercase' },
            {
              id: 'line-2',
              fields: [
                { name: 'Panel', prependText: 'PANEL ', appendText: '' },
                { name: 'Port', prependText: 'PORT ', appendText: '' },
              ],
              separator: ' ',
              casing: 'uppercase',
            },
            {
              id: 'line-3',
              fields: [{ name: 'Destination', prependText: 'TO ', appendText: '' }],
              separator: ' ',
              casing: 'uppercase',
              leaveBlankIfNoData: true,
            },
          ],
        },
      },
      options,
    );
  }
  return written;
}
