/**
 * /service-tokens (superadmin): tokens that belong to no person, for integrations that must keep
 * working whoever leaves: site-wide with a global role, or in one project with a project role.
 */
import { Code } from '@mantine/core';
import { TOKEN_PREFIX } from '@contract/api-tokens.ts';
import { useListServiceTokensQuery, useRevokeServiceTokenMutation } from '../../api/tokens-api.ts';
import { AccessDenied } from '../../components/access-denied.tsx';
import { useAppSelector } from '../../shared/hooks.ts';
import { isSuperadmin, SUPERADMIN_ACCESS_DENIED } from '../../shared/session/permissions.ts';
import { selectSession } from '../../shared/session/session-selectors.ts';
import { NewServiceTokenDialog } from './new-service-token-dialog.tsx';
import { EmptyText, TokenPageFrame } from './token-page-frame.tsx';

const TITLE = 'Service Tokens';

export function ServiceTokensPage() {
  const { role } = useAppSelector(selectSession);
  if (!isSuperadmin(role)) return <AccessDenied title={TITLE} text={SUPERADMIN_ACCESS_DENIED} />;
  return <ServiceTokens />;
}

function ServiceTokens() {
  const list = useListServiceTokensQuery(undefined, { refetchOnMountOrArgChange: true });
  const [revoke, revokeState] = useRevokeServiceTokenMutation();
  return (
    <TokenPageFrame
      title={TITLE}
      kind="service"
      newLabel="New service token"
      list={list}
      revoke={(id) => revoke(id)}
      revoking={revokeState.isLoading}
      dialog={(onClose) => <NewServiceTokenDialog onClose={onClose} />}
      empty={
        <>
          <EmptyText>There are no service tokens yet.</EmptyText>
          <EmptyText>
            A service token belongs to no person, so an integration keeps working whoever joins or leaves. It acts site-wide with a global role (auditor, admin
            or superadmin), or in one project with a project role (user, manager or admin).
          </EmptyText>
          <EmptyText>
            Programs send it with every call in the header <Code>Authorization: Bearer {TOKEN_PREFIX.service}…</Code>
          </EmptyText>
        </>
      }
    />
  );
}
