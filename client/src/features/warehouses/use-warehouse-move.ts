/**
 * Sends one warehouse movement with an Idempotency-Key (a retry after a lost answer is not counted
 * twice), and answers with the server's message on refusal; on success it shows the toast.
 */
import { useState } from 'react';
import { messageOr } from '../../api/error-message.ts';
import { useIdempotencyKey } from '../../api/idempotency.ts';
import { useMoveWarehouseStockMutation, type WarehouseMove } from '../../api/warehouses-api.ts';
import { toast } from '../../shared/toast.ts';

export function useWarehouseMove(warehouseId: string, move: WarehouseMove, failureFallback: string) {
  const [send, state] = useMoveWarehouseStockMutation();
  const idempotency = useIdempotencyKey();
  const [failure, setFailure] = useState<string | null>(null);

  /** True when the server took it. */
  const submit = async (body: object & { project_id?: string }, success: string): Promise<boolean> => {
    const key = idempotency.keyFor({ warehouseId, move, body });
    const result = await send({ warehouseId, move, body, idempotencyKey: key });
    idempotency.settle(result.error);
    if (result.error) {
      setFailure(messageOr(result.error, failureFallback));
      return false;
    }
    setFailure(null);
    toast.success(success);
    return true;
  };

  return { submit, busy: state.isLoading, failure, clearFailure: () => setFailure(null) };
}
