/**
 * The authenticator app: set it up (scan the QR code or type the secret, then confirm one code),
 * remove it, and the recovery codes (how many are left; new ones, shown once).
 */
import { Alert, Button, Code, Group, Image, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import type { SecurityOverview } from '@contract/sign-in.ts';
import { type FormEvent, useState } from 'react';
import { serverMessage } from '../../api/error-message.ts';
import { type TotpEnrolment, useConfirmTotpMutation, useNewRecoveryCodesMutation, useRemoveTotpMutation, useStartTotpMutation } from '../../api/totp-api.ts';
import { AppModal } from '../../components/app-modal.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { formatDate } from '../../shared/format.ts';
import { toast } from '../../shared/toast.ts';
import { useRefreshMe } from '../../shared/session/use-refresh-me.ts';
import { RECOVERY_CODES_TITLE, RecoveryCodesPanel } from './recovery-codes-panel.tsx';

export const AUTHENTICATOR_TITLE = 'Authenticator app';

function SetUpDialog({ enrolment, onClose: close }: { enrolment: TotpEnrolment; onClose: () => void }) {
  const refreshMe = useRefreshMe();
  // Enrolled, the enrolment gate may lift: only once the recovery codes have been seen and closed.
  const [enrolled, setEnrolled] = useState(false);
  const onClose = () => {
    close();
    if (enrolled) refreshMe();
  };
  const [code, setCode] = useState('');
  const [confirm, { isLoading, error }] = useConfirmTotpMutation();
  const [codes, setCodes] = useState<string[] | null>(null);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (code.length !== 6) return;
    const result = await confirm({ code });
    if (result.data) {
      toast.success('Authenticator app set up');
      setEnrolled(true);
      if (result.data.codes.length > 0) setCodes(result.data.codes);
      else {
        close();
        refreshMe();
      }
    }
  };
  return (
    // While the codes show, a stray click must not close them unseen.
    <AppModal opened onClose={onClose} title={codes ? RECOVERY_CODES_TITLE : 'Set up an authenticator app'} closeOnClickOutside={!codes} size="md">
      {codes ? (
        <RecoveryCodesPanel codes={codes} onDone={onClose} />
      ) : (
        <form onSubmit={(event) => void submit(event)} noValidate>
          <Stack gap="md">
            <Text size="sm">Scan this code with an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password, …).</Text>
            <Image src={enrolment.qr_svg} alt="QR code for your authenticator app" w={200} h={200} mx="auto" />
            <Text size="sm">Or type this key into the app:</Text>
            <Code block aria-label="Authenticator key" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
              {enrolment.secret}
            </Code>
            <Text size="sm">Then enter the 6-digit code the app shows.</Text>
            <TextInput
              label="Authentication code"
              inputMode="numeric"
              autoComplete="one-time-code"
              w={180}
              value={code}
              // Apps show the code as "123 456"; a pasted one keeps its six digits.
              onChange={(event) => setCode(event.currentTarget.value.replace(/\D/g, '').slice(0, 6))}
              error={Boolean(error)}
            />
            {error && (
              <Alert color="red" role="alert">
                {serverMessage(error)}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" disabled={code.length !== 6} loading={isLoading}>
                Confirm
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </AppModal>
  );
}

export function AuthenticatorSection({ overview }: { overview: SecurityOverview }) {
  const [start, { isLoading: starting }] = useStartTotpMutation();
  const [remove, { isLoading: removing }] = useRemoveTotpMutation();
  const [renew, { isLoading: renewing }] = useNewRecoveryCodesMutation();
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [confirming, setConfirming] = useState<'remove' | 'codes' | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const refreshMe = useRefreshMe();
  const { totp, recovery_codes, status } = overview;

  const onStart = async () => {
    const result = await start();
    if (result.data) setEnrolment(result.data);
    else toast.error(serverMessage(result.error) ?? 'The authenticator app could not be set up.');
  };
  const onRemove = async () => {
    const result = await remove();
    setConfirming(null);
    if (result.error) toast.error(serverMessage(result.error) ?? 'The authenticator app could not be removed.');
    else {
      toast.success('Authenticator app removed');
      refreshMe();
    }
  };
  const onRenew = async () => {
    const result = await renew();
    setConfirming(null);
    if (result.data) setCodes(result.data.codes);
    else toast.error(serverMessage(result.error) ?? 'New recovery codes could not be made.');
  };

  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={3} size="h4">
          {AUTHENTICATOR_TITLE}
        </Title>
        {totp.enrolled ? (
          <Group justify="space-between" wrap="wrap">
            <Text size="sm">Set up{totp.enrolled_at ? ` on ${formatDate(totp.enrolled_at)}` : ''}: a code from the app is asked after your password.</Text>
            <Button variant="default" color="red" onClick={() => setConfirming('remove')}>
              Remove
            </Button>
          </Group>
        ) : (
          <Group justify="space-between" wrap="wrap">
            <Text size="sm" c="dimmed">
              Not set up. An app on your phone makes a new 6-digit code every 30 seconds.
            </Text>
            <Button onClick={() => void onStart()} loading={starting}>
              Set up authenticator app
            </Button>
          </Group>
        )}
        {status.enrolled > 0 && (
          <Group justify="space-between" wrap="wrap">
            <Text size="sm">Recovery codes: {recovery_codes.remaining} left</Text>
            <Button variant="default" onClick={() => setConfirming('codes')}>
              Generate new codes
            </Button>
          </Group>
        )}
      </Stack>
      {enrolment && <SetUpDialog enrolment={enrolment} onClose={() => setEnrolment(null)} />}
      <AppModal opened={codes !== null} onClose={() => setCodes(null)} title={RECOVERY_CODES_TITLE} closeOnClickOutside={false} size="md">
        {codes && <RecoveryCodesPanel codes={codes} onDone={() => setCodes(null)} />}
      </AppModal>
      <ConfirmDialog
        opened={confirming === 'remove'}
        onCancel={() => setConfirming(null)}
        onConfirm={() => void onRemove()}
        title="Remove the authenticator app?"
        message="Its codes will no longer sign you in."
        confirmLabel="Remove"
        color="red"
        loading={removing}
      />
      <ConfirmDialog
        opened={confirming === 'codes'}
        onCancel={() => setConfirming(null)}
        onConfirm={() => void onRenew()}
        title="Generate new recovery codes?"
        message="Your old recovery codes will stop working."
        confirmLabel="Generate"
        loading={renewing}
      />
    </Paper>
  );
}
