/**
 * The ledger routes' rows of the route × role matrix (matrix-suite.ts): the seal's public key is
 * open to anyone; its status, checkpoints, proofs, bundles and verification are for auditors and the
 * superadmin, and only the superadmin seals on demand.
 */
import { sealCommitted } from '../../ledger/seal/seal-testing.ts';
import { always, type MatrixContext, type RouteCase } from './matrix.ts';
import { guarded } from './policy-rules.ts';

export function ledgerPermissionRows(context: MatrixContext): RouteCase[] {
  return [
    { name: 'GET /api/ledger/public-key', request: () => ({ method: 'GET', url: '/api/ledger/public-key' }), expected: always(200), signedOut: 200 },
    { name: 'GET /api/ledger/status', request: () => ({ method: 'GET', url: '/api/ledger/status' }), ...guarded('ledger.read') },
    { name: 'GET /api/ledger/checkpoints', request: () => ({ method: 'GET', url: '/api/ledger/checkpoints' }), ...guarded('ledger.read') },
    { name: 'POST /api/ledger/checkpoints', request: () => ({ method: 'POST', url: '/api/ledger/checkpoints' }), ...guarded('ledger.seal') },
    {
      name: 'GET /api/ledger/consistency',
      request: async () => {
        const seq = (await context.app().ledgerSeal.checkpointNow())!.ledger_seq;
        return { method: 'GET', url: `/api/ledger/consistency?from=${seq}&to=${seq}` };
      },
      ...guarded('ledger.read'),
    },
    {
      name: 'GET /api/ledger/bundle',
      // The sealer is off in test apps: seal what is committed, as the running sealer would have.
      request: async () => {
        await sealCommitted(context.runtime().store);
        return { method: 'GET', url: `/api/ledger/bundle?project_id=${context.projectId()}&from=2020-01-01&to=2100-01-01` };
      },
      ...guarded('ledger.read'),
    },
    { name: 'POST /api/ledger/verify', request: () => ({ method: 'POST', url: '/api/ledger/verify' }), ...guarded('ledger.read', 202) },
    {
      name: 'GET /api/ledger/verify/:job_id',
      request: async () => {
        const boss = context.actors().find((a) => a.global === 'superadmin')!;
        const started = await context.app().inject({ method: 'POST', url: '/api/ledger/verify', headers: { cookie: await context.cookieFor(boss.userId) } });
        return { method: 'GET', url: `/api/ledger/verify/${started.json<{ job_id: string }>().job_id}` };
      },
      ...guarded('ledger.read'),
    },
  ];
}
