/** /account/tokens: the signed-in person's own API tokens, for scripts and programs that act as them. */
import { Code } from '@mantine/core';
import { TOKEN_PREFIX } from '@contract/api-tokens.ts';
import { useListApiTokensQuery, useRevokeApiTokenMutation } from '../../api/tokens-api.ts';
import { NewTokenDialog } from './new-token-dialog.tsx';
import { EmptyText, TokenPageFrame } from './token-page-frame.tsx';

export function ApiTokensPage() {
  const list = useListApiTokensQuery(undefined, { refetchOnMountOrArgChange: true });
  const [revoke, revokeState] = useRevokeApiTokenMutation();
  return (
    <TokenPageFrame
      title="API tokens"
      kind="personal"
      newLabel="New token"
      list={list}
      revoke={(id) => revoke(id)}
      revoking={revokeState.isLoading}
      dialog={(onClose) => <NewTokenDialog onClose={onClose} />}
      empty={
        <>
          <EmptyText>You have no API tokens yet.</EmptyText>
          <EmptyText>
            A token lets a script or another program call the StockLedger API as you, without your password. It can never do more than you can, and you can
            narrow it to reading only, or to some of your projects.
          </EmptyText>
          <EmptyText>
            Send it with every call in the header <Code>Authorization: Bearer {TOKEN_PREFIX.personal}…</Code>
          </EmptyText>
        </>
      }
    />
  );
}
