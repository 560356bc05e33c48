/**
 * User Management's per-person "Security" dialog: their second factors and whether the site's policy
 * requires one of them, their sign-in history, and the reset of every factor (a lost phone or key),
 * after a confirmation that says what happens.
 */
import { Alert, Badge, Button, Center, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import type { SecurityOverview } from '@contract/sign-in.ts';
import { messageOr } from '../../api/error-message.ts';
import { useGetUserSecurityQuery, useResetSecondFactorsMutation } from '../../api/security-admin-api.ts';
import { AppModal } from '../../components/app-modal.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { toast } from '../../shared/toast.ts';
import { SecurityHistory } from '../../components/security-history.tsx';

export const RESET_LABEL = 'Reset second factors';
export const RESET_DONE = 'Second factors reset';
export const STATUS_FAILED = 'Their second factors could not be loaded.';

export function resetWarning(name: string): string {
  return (
    `Reset the second factors of ${name}? Their passkeys, authenticator app and recovery codes are deleted and stop working at once. ` +
    'If the site requires a second factor of them, they must set up a new one at their next sign-in before they can do anything else. ' +
    'The reset is recorded in their history with your name.'
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </Stack>
  );
}

function FactorStatus({ overview }: { overview: SecurityOverview }) {
  const { status, passkeys, totp, recovery_codes } = overview;
  return (
    <Stack gap="sm">
      {status.must_enrol && (
        <Alert color="yellow" p="xs">
          The site requires a second factor of them and they have none: they must set one up before they can do anything else.
        </Alert>
      )}
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
        <Fact label="Second factors">{status.enrolled}</Fact>
        <Fact label="Required by the site">
          <Badge variant="light" color={status.required ? 'blue' : 'gray'}>
            {status.required ? 'Yes' : 'No'}
          </Badge>
        </Fact>
        <Fact label="Authenticator app">{totp.enrolled ? 'Yes' : 'No'}</Fact>
        <Fact label="Recovery codes left">{recovery_codes.remaining}</Fact>
        <Fact label={`Passkeys (${passkeys.length})`}>{passkeys.length === 0 ? 'None' : passkeys.map((p) => p.name).join(', ')}</Fact>
      </SimpleGrid>
    </Stack>
  );
}

export function UserSecurityDialog({ user, onClose }: { user: { id: string; name: string } | null; onClose: () => void }) {
  const userId = user?.id ?? '';
  const { data, isLoading, isError } = useGetUserSecurityQuery(userId, { skip: !user });
  const [reset, { isLoading: resetting }] = useResetSecondFactorsMutation();
  const [confirming, setConfirming] = useState(false);

  const onReset = async () => {
    const result = await reset(userId);
    setConfirming(false);
    if (result.error) toast.error(messageOr(result.error, 'The reset failed. Please try again.'));
    else toast.success(RESET_DONE);
  };

  return (
    <>
      <AppModal opened={user !== null} onClose={onClose} title={`Security · ${user?.name ?? ''}`} size="xl">
        {user && (
          <Stack gap="lg">
            {isLoading ? (
              <Center py="md">
                <Loader size="sm" />
              </Center>
            ) : isError || !data ? (
              <Alert color="red">{STATUS_FAILED}</Alert>
            ) : (
              <FactorStatus overview={data} />
            )}
            <Group justify="flex-end">
              <Button color="red" variant="light" onClick={() => setConfirming(true)}>
                {RESET_LABEL}
              </Button>
            </Group>
            <SecurityHistory userId={user.id} />
          </Stack>
        )}
      </AppModal>
      <ConfirmDialog
        opened={confirming}
        title={RESET_LABEL}
        message={resetWarning(user?.name ?? '')}
        confirmLabel="Reset"
        color="red"
        loading={resetting}
        onConfirm={() => void onReset()}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}
