/**
 * /login/{id}: an invitation link. Posting the token e-mails a one-time code and names the
 * address; the user continues on /auth. A bad link ends on /login (spec 02 §2.8, §8).
 */
import { Center, Loader, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useEffect, useRef } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { toast } from '../../shared/toast.ts';
import { PRODUCT_NAME } from '../../components/logo.tsx';
import { PublicFrame } from '../../components/public-frame.tsx';
import { useAcceptInviteTokenMutation } from './account-api.ts';
import { AUTH_TEXT, inviteAuthPath } from './auth-flow.ts';

export function InviteLinkPage() {
  useDocumentTitle(`Accept Invitation · ${PRODUCT_NAME}`);
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const [acceptToken] = useAcceptInviteTokenMutation();
  // The token is one-time: a second post (React's development double effect) must not happen.
  const posted = useRef(false);

  useEffect(() => {
    if (posted.current) return;
    posted.current = true;
    void (async () => {
      const result = await acceptToken(id);
      if (result.data) {
        navigate(inviteAuthPath(result.data.email), { replace: true });
        return;
      }
      console.error('Invitation link rejected', result.error);
      toast.error(AUTH_TEXT.invalidLink);
      navigate('/login', { replace: true });
    })();
  }, [acceptToken, id, navigate]);

  return (
    <PublicFrame>
      <Center py="xl">
        <Stack align="center" gap="sm">
          <Loader />
          <Text c="dimmed">Checking your invitation…</Text>
        </Stack>
      </Center>
    </PublicFrame>
  );
}
