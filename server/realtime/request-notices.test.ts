import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../../ledger/event-store/types.ts';
import { requestNotices } from './request-notices.ts';

let position = 0;
const event = (type: string, data: object, actorId: string | null = 'u-1'): RecordedEvent => ({
  globalPosition: ++position,
  streamId: 'request:r-1',
  streamVersion: position,
  type,
  data,
  metadata: { actorId, actorName: 'Someone' },
  idempotencyKey: null,
  occurredAt: new Date(0),
  recordedAt: new Date(0),
  transactionId: '1',
  prevHash: null,
  hash: new Uint8Array(),
});

describe('the notices of the request channel', () => {
  it("announces a new request to the project's managers, naming the requester", () => {
    expect(requestNotices([event('RequestSubmitted', { requestId: 'r-1', projectId: 'p-1', num: 7, status: 'requested' }, 'u-ann')])).toEqual([
      { notice: { type: 'request_submitted', projectId: 'p-1', requestId: 'r-1', num: 7, actorId: 'u-ann' }, audience: 'managers' },
    ]);
  });

  it("announces to every member a re-opening by a receive, not a manager's own Re-Open", () => {
    const notices = requestNotices([
      event('RequestReopened', { requestId: 'r-1', projectId: 'p-1', cause: 'manager', lineIds: [] }),
      event('RequestReopened', { requestId: 'r-2', projectId: 'p-1', cause: 'receive', lineIds: [] }, 'u-mia'),
    ]);
    expect(notices).toEqual([{ notice: { type: 'request_reopened', projectId: 'p-1', requestId: 'r-2', num: 0, actorId: 'u-mia' }, audience: 'members' }]);
  });

  it('says nothing of other events, or of one that lacks its project', () => {
    expect(
      requestNotices([
        event('RequestHeld', { requestId: 'r-1', projectId: 'p-1' }),
        event('MaterialReceived', {}),
        event('RequestSubmitted', { requestId: 'r-1' }),
      ]),
    ).toEqual([]);
  });
});
