/**
 * The batches a run of scans ends in (contract/scan.ts): a box of scanned serials received as new
 * instances, and several scanned instances checked out to one person or returned from use. Each is
 * ONE command, all lines or none; the answer says each line's fate. Who may act is judged here, on
 * the owner the body names (receive) or the project holding each scanned instance (in use), as the
 * single receive and in-use routes judge it.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ASSET_MESSAGES as M } from '../../../contract/messages/assets.ts';
import { errorResponses as errors } from '../../../contract/errors.ts';
import {
  noMatchMessage,
  parseScanCode,
  SCAN_BATCH_MESSAGES,
  SCAN_PATHS,
  type ScanBatchAnswer,
  scanBatchAnswer,
  scanInUseBody,
  scanReceiveBody,
  scanSerialAmbiguous,
} from '../../../contract/scan.ts';
import type { Owner } from '../../../ledger/asset/events.ts';
import type { ScannedInstance } from '../../../ledger/asset-scan/commands.ts';
import { DomainError } from '../../../ledger/errors.ts';
import { instancesFor } from '../../../projections/assets/scan-context.ts';
import { runScanBatch, type ScanBatchOutcome } from '../../assets/scan-batch-commands.ts';
import { allows, demand, NO_PERMISSION } from '../../auth/policies.ts';
import { commandOptions } from '../../plugins/command-context.ts';
import { checkLevel, projectAccess } from '../../projects/project-access.ts';

const tags = ['scan'];

/** Each line's answer: OK, its refusal, or "not applied" when another line was refused. */
export function batchAnswer(codes: readonly string[], outcome: ScanBatchOutcome, instanceIds: ReadonlyArray<string | null>): ScanBatchAnswer {
  const results = codes.map((code, i) => {
    const refusal = outcome.applied ? null : (outcome.refusals[i] ?? null);
    const status = outcome.applied ? 'OK' : (refusal ?? SCAN_BATCH_MESSAGES.notApplied);
    return { line: i + 1, code, ok: outcome.applied, status, instance_id: instanceIds[i] ?? null };
  });
  const failed = outcome.applied ? 0 : outcome.refusals.filter((r) => r !== null).length;
  return {
    applied: outcome.applied,
    results,
    summary: { ok: outcome.applied ? codes.length : 0, failed, not_applied: outcome.applied ? 0 : codes.length - failed },
  };
}

/** What a scanned code names for an in-use batch: an instance by id, or by serial number; anything else is refused. */
type Named = { kind: 'id'; id: string } | { kind: 'serial'; serial: string } | { kind: 'refused'; refusal: string };
function nameOf(code: string): Named {
  const parsed = parseScanCode(code);
  if (!parsed.ok) return { kind: 'refused', refusal: parsed.message };
  const c = parsed.code;
  if (c.kind === 'asset') return { kind: 'id', id: c.instanceId };
  if (c.kind === 'id') return { kind: 'id', id: c.id };
  if (c.kind === 'text') return { kind: 'serial', serial: c.text };
  return { kind: 'refused', refusal: noMatchMessage(code) };
}

export async function scanBatchRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** Admins pass; anyone else must manage the project (a warehouse's assets are the admins'). */
  async function requireManager(request: FastifyRequest, projectId: string | null, checked: Set<string>) {
    if (allows('asset.admin', request.caller)) return;
    if (!projectId) throw new DomainError('FORBIDDEN', NO_PERMISSION);
    if (checked.has(projectId)) return;
    checkLevel(await projectAccess(app.access, request.caller, projectId), 'manage');
    checked.add(projectId);
  }

  r.post(
    SCAN_PATHS.receive,
    {
      schema: {
        summary:
          'Receive a box of scanned serials as new instances (admins into a warehouse; admins or managers of the project into a project): one command, all lines or none',
        tags,
        body: scanReceiveBody,
        response: { 200: scanBatchAnswer, ...errors },
      },
    },
    async (request) => {
      const b = request.body;
      const to: Owner = { type: b.to_owner_type, id: b.to_owner_id };
      // As the single receives: a warehouse's are the admins'; a project's, whoever manages it (as /api/projects/:id/assets/receive).
      if (to.type === 'warehouse') demand('asset.admin', request.caller);
      else checkLevel(await projectAccess(app.access, request.caller, to.id), 'manage');
      const lines = b.lines.map((line, i) => {
        const assetNumber = line.asset_number || b.asset_number;
        if (!assetNumber) throw new DomainError('VALIDATION', 'Asset number is required.', `lines.${i}.asset_number`);
        return { instanceId: randomUUID(), serialNumber: line.serial_number, assetNumber };
      });
      const outcome = await runScanBatch(
        app.store,
        { type: 'receive', to, parentWarehouseId: b.parent_warehouse_id ?? null, condition: b.condition ?? null, notes: b.notes ?? null, lines },
        commandOptions(request),
      );
      return batchAnswer(
        lines.map((l) => l.serialNumber),
        outcome,
        lines.map((l) => (outcome.applied ? l.instanceId : null)),
      );
    },
  );

  r.post(
    SCAN_PATHS.inUse,
    {
      schema: {
        summary:
          'Check several scanned instances out to one project member (in_use true, assigned_user_id) or return them from use (in_use false); admins, or managers of the project holding each: one command, all lines or none',
        tags,
        body: scanInUseBody,
        response: { 200: scanBatchAnswer, ...errors },
      },
    },
    async (request) => {
      const b = request.body;
      if (b.in_use && !b.assigned_user_id) throw new DomainError('VALIDATION', M.missingInstanceOrUser, 'assigned_user_id');
      const named = b.lines.map((line) => nameOf(line.code));
      const rows = await instancesFor(
        app.db,
        named.flatMap((n) => (n.kind === 'id' ? [n.id] : [])),
        named.flatMap((n) => (n.kind === 'serial' ? [n.serial] : [])),
      );
      const checked = new Set<string>();
      const lines: ScannedInstance[] = [];
      for (const [i, n] of named.entries()) {
        const code = b.lines[i]!.code;
        if (n.kind === 'refused') {
          lines.push({ instanceId: null, refusal: n.refusal });
          continue;
        }
        const found = rows.filter((row) => (n.kind === 'id' ? row.id === n.id : row.serial === n.serial.toLowerCase()));
        if (found.length === 0) lines.push({ instanceId: null, refusal: noMatchMessage(code) });
        else if (found.length > 1) lines.push({ instanceId: null, refusal: scanSerialAmbiguous(code) });
        else {
          // As the single in-use route: acting on an instance needs the right in the project holding it.
          await requireManager(request, found[0]!.project_id, checked);
          lines.push({ instanceId: found[0]!.id, refusal: null });
        }
      }
      const outcome = await runScanBatch(
        app.store,
        { type: 'in-use', inUse: b.in_use, userId: b.assigned_user_id ?? null, notes: b.notes ?? null, lines },
        commandOptions(request),
      );
      return batchAnswer(
        b.lines.map((l) => l.code),
        outcome,
        lines.map((l) => l.instanceId),
      );
    },
  );
}
