/** One counted line sent to the server, and what became of it (count-queue.ts's outcomes). */
import { useCallback } from 'react';
import { messageOr } from '../../api/error-message.ts';
import { outcomeUncertain } from '../../api/idempotency.ts';
import { isQueued } from '../../offline/queued.ts';
import type { QueuedCount, SendOutcome } from './count-queue.ts';
import { useCountLineMutation } from './counts-api.ts';

export const SEND_FAILED = 'The count could not be sent.';

export function useCountLine(countId: string): (entry: QueuedCount) => Promise<SendOutcome> {
  const [countLine] = useCountLineMutation();
  return useCallback(
    async (entry) => {
      const result = await countLine({ id: countId, key: entry.key, body: entry.body });
      if (!result.error) return isQueued(result.data) ? { kind: 'kept' } : { kind: 'sent' };
      if (outcomeUncertain(result.error)) return { kind: 'offline' };
      return { kind: 'refused', message: messageOr(result.error, SEND_FAILED) };
    },
    [countId, countLine],
  );
}
