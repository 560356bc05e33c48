/**
 * A batch of scans decided as one: every line by the instance's own rules (ledger/asset/decide.ts),
 * plus the batch's (a serial or an instance scanned twice). All lines or none: when any line is
 * refused the command throws `BatchRefused` with every line's refusal and no stream gets an event;
 * otherwise each line's events go to its own instance stream, appended in one transaction.
 */
import { SCAN_BATCH_MESSAGES, scanAssetTypeNotFound } from '../../contract/scan.ts';
import { assetInstanceDecider } from '../asset/decide.ts';
import { type AssetInstanceEvent, assetStreamId } from '../asset/events.ts';
import type { AssetInstanceState } from '../asset/state.ts';
import { DomainError } from '../errors.ts';
import type { AssetScanCommand } from './commands.ts';

/** Each instance stream the batch names, by stream id (a stream never written is absent). */
export interface AssetScanStates {
  instances: Record<string, AssetInstanceState>;
}

export interface AssetScanEvents {
  instances: AssetInstanceEvent[];
}

/** Some line was refused: `refusals` holds each line's message, null for a line that would have passed. */
export class BatchRefused extends DomainError {
  readonly refusals: ReadonlyArray<string | null>;
  constructor(refusals: ReadonlyArray<string | null>) {
    super('DOMAIN_RULE', refusals.find((r) => r !== null) ?? SCAN_BATCH_MESSAGES.notApplied);
    this.name = 'BatchRefused';
    this.refusals = refusals;
  }
}

/** The line's refusal, or null: a refusal other than a DomainError is a bug and is thrown. */
function refusalOf(run: () => void): string | null {
  try {
    run();
    return null;
  } catch (error) {
    if (error instanceof DomainError) return error.message;
    throw error;
  }
}

const stateOf = (states: AssetScanStates, instanceId: string) => states.instances[assetStreamId(instanceId)] ?? assetInstanceDecider.initialState();

export function decideAssetScan(command: AssetScanCommand, states: AssetScanStates): AssetScanEvents {
  const events: AssetInstanceEvent[] = [];
  const seen = new Set<string>();
  let refusals: Array<string | null>;
  switch (command.type) {
    case 'ReceiveScannedInstances': {
      const { lines, ...shared } = command.data;
      refusals = lines.map((line) => {
        // A serial is unique per asset number, so a serial twice under two types is two instances.
        const key = `${line.catalog?.catalogId ?? line.assetNumber.toLowerCase()}\n${line.serialNumber.trim().toLowerCase()}`;
        if (seen.has(key)) return SCAN_BATCH_MESSAGES.duplicateInBatch;
        seen.add(key);
        if (!line.catalog) return scanAssetTypeNotFound(line.assetNumber);
        return refusalOf(() => {
          const data = { ...shared, ...line, assetName: null, metadata: {} };
          events.push(...assetInstanceDecider.decide({ type: 'ReceiveNewInstance', data }, stateOf(states, line.instanceId)));
        });
      });
      break;
    }
    case 'SetScannedInUse': {
      const { lines, memberOf, ...shared } = command.data;
      refusals = lines.map((line) => {
        if (line.instanceId === null) return line.refusal;
        if (seen.has(line.instanceId)) return SCAN_BATCH_MESSAGES.duplicateInBatch;
        seen.add(line.instanceId);
        const state = stateOf(states, line.instanceId);
        const userIsMember = state.owner?.type === 'project' && memberOf.includes(state.owner.id);
        return refusalOf(() => {
          events.push(...assetInstanceDecider.decide({ type: 'SetInstanceInUse', data: { ...shared, userIsMember } }, state));
        });
      });
      break;
    }
    default: {
      const unknown: never = command;
      throw new Error(`unknown scan batch ${JSON.stringify(unknown)}`);
    }
  }
  if (refusals.some((r) => r !== null)) throw new BatchRefused(refusals);
  return { instances: events };
}
