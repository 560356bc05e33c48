/** /dashboard/receive_return/bulk: bulk receive or return; the query parameter action defaults to receive. */
import { useSearchParams } from 'react-router-dom';
import { EmptyPage } from '../../components/empty-page.tsx';

export type BulkAction = 'receive' | 'return';

export function bulkActionOf(value: string | null): BulkAction {
  return value === 'return' ? 'return' : 'receive';
}

export function BulkPage() {
  const [params] = useSearchParams();
  const action = bulkActionOf(params.get('action'));
  return <EmptyPage title={action === 'return' ? 'Bulk Return' : 'Bulk Receive'} />;
}
