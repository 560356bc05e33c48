/**
 * /account/security, "Sign-in security": the person's passkeys, authenticator app, recovery codes
 * and sign-in history. Also the whole of what someone sees while the site requires a second factor
 * of them and they have none (EnrolmentRequired).
 */
import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { SIGN_IN_MESSAGES } from '@contract/sign-in.ts';
import { useGetSecurityQuery } from '../../api/security-api.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { PublicFrame } from '../../components/public-frame.tsx';
import { PRODUCT_NAME } from '../../components/logo.tsx';
import { useMeQuery } from '../../shared/session/auth-api.ts';
import { useLogout } from '../../shared/session/use-logout.ts';
import { AuthenticatorSection } from './authenticator-section.tsx';
import { PasskeysSection } from './passkeys-section.tsx';
import { SecurityHistory } from './security-history.tsx';

export const SECURITY_PAGE_TITLE = 'Sign-in security';

function FactorSections() {
  const { data, isLoading, isError } = useGetSecurityQuery();
  if (isLoading)
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  if (isError || !data) return <Alert color="red">Your sign-in security could not be loaded. Please reload the page.</Alert>;
  return (
    <Stack gap="lg">
      {data.status.required && data.status.enrolled > 0 && (
        <Text size="sm" c="dimmed">
          Your site requires a second factor of you: keep at least one.
        </Text>
      )}
      <PasskeysSection overview={data} />
      <AuthenticatorSection overview={data} />
    </Stack>
  );
}

export function SecurityPage() {
  useDocumentTitle(`${SECURITY_PAGE_TITLE} · ${PRODUCT_NAME}`);
  return (
    <>
      <PageHeader title={SECURITY_PAGE_TITLE} />
      <Stack gap="xl" maw={760}>
        <FactorSections />
        <SecurityHistory userId={null} />
      </Stack>
    </>
  );
}

/** Everything a person sees until they enrol a second factor the site requires of them. */
export function EnrolmentRequired() {
  useDocumentTitle(`Set up a second factor · ${PRODUCT_NAME}`);
  const logout = useLogout();
  // Held while enrolling, so the first factor's 'Me' invalidation refetches the person and lifts the gate.
  useMeQuery();
  return (
    <PublicFrame size={760}>
      <Stack gap="lg">
        <Alert color="yellow" title="Set up a second factor" role="alert">
          {SIGN_IN_MESSAGES.mustEnrol}
        </Alert>
        <FactorSections />
        <Button variant="subtle" color="red" onClick={() => void logout()}>
          Logout
        </Button>
      </Stack>
    </PublicFrame>
  );
}
