/** What counting and posting both check and say. */
import { COUNT_MESSAGES, countLineName } from '../../contract/counts.ts';
import { placeLabel } from '../../contract/place.ts';
import { DomainError } from '../errors.ts';
import type { CountLine } from './events.ts';
import type { CountSessionState } from './state.ts';

/** "Line 12 (PN-100 at Rack A · Bin 3)", "Line 4 (AST-7 SN-123)": how a refusal names a line. */
export function lineName(line: CountLine): string {
  const what = line.kind === 'part' ? (line.partNumber ?? '') : [line.assetNumber, line.serialNumber].filter(Boolean).join(' ');
  return countLineName(line.seq, what, line.place ? placeLabel(line.place) : null);
}

/** The session exists and still takes changes. */
export function requireOpen(state: CountSessionState): void {
  if (!state.exists) throw new DomainError('NOT_FOUND', COUNT_MESSAGES.notFound);
  if (state.status === 'posted') throw new DomainError('DOMAIN_RULE', COUNT_MESSAGES.posted);
  if (state.status === 'cancelled') throw new DomainError('DOMAIN_RULE', COUNT_MESSAGES.cancelled);
}
