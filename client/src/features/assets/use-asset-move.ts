/**
 * Sends one asset move with an Idempotency-Key (a retry after a lost answer does not move twice),
 * keeps the server's refusal to show in the dialog, and on success (or when kept on this device
 * while offline) shows the toast.
 */
import { useState } from 'react';
import { messageOr } from '../../api/error-message.ts';
import { useIdempotencyKey } from '../../api/idempotency.ts';
import { toast } from '../../shared/toast.ts';
import { savedOnDevice } from '../../offline/saved-notice.ts';
import { useMoveAssetMutation, useMoveInstanceMutation, useSetAssetInUseMutation, type Owner, type OwnerMove } from './assets-api.ts';

export function useAssetMove(failureFallback: string) {
  const [move, moveState] = useMoveAssetMutation();
  const [inUse, inUseState] = useSetAssetInUseMutation();
  const [moveInstance, moveInstanceState] = useMoveInstanceMutation();
  const idempotency = useIdempotencyKey();
  const [failure, setFailure] = useState<string | null>(null);

  const settle = ({ data, error }: { data?: unknown; error?: Parameters<typeof messageOr>[0] }, success: string): boolean => {
    idempotency.settle(error);
    // Kept on this device while offline: closes as a success, with its own words.
    if (savedOnDevice(data)) {
      setFailure(null);
      return true;
    }
    if (error) {
      setFailure(messageOr(error, failureFallback));
      return false;
    }
    setFailure(null);
    toast.success(success);
    return true;
  };

  /** True when the server took it. */
  const send = async (owner: Owner, kind: OwnerMove, body: object, success: string): Promise<boolean> => {
    const key = idempotency.keyFor({ owner, kind, body });
    const result = await move({ owner, move: kind, body, idempotencyKey: key });
    return settle(result, success);
  };

  /** An instance moved from wherever it is; true when the server took it. */
  const sendAnywhere = async (body: object, success: string): Promise<boolean> => {
    const key = idempotency.keyFor({ anywhere: true, body });
    const result = await moveInstance({ body, idempotencyKey: key });
    return settle(result, success);
  };

  const setInUse = async (body: { instanceId: string; in_use: boolean; assigned_user_id?: string | null; notes?: string }, success: string) => {
    const key = idempotency.keyFor(body);
    const result = await inUse({ ...body, idempotencyKey: key });
    return settle(result, success);
  };

  return { send, sendAnywhere, setInUse, busy: moveState.isLoading || inUseState.isLoading || moveInstanceState.isLoading, failure, setFailure };
}
