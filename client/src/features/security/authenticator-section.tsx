/**
 * The authenticator app: set it up (scan the QR code or type the secret, then confirm one code),
 * remove it, and the recovery codes (how many are left; new ones, shown once).
 */
import { Alert, Button, Code, CopyButton, Group, Image, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import type { SecurityOverview } from '@contract/sign-in.ts';
import { type FormEvent, useState } from 'react';
import { serverMessage } from '../../api/error-message.ts';
import { type TotpEnrolment, useConfirmTotpMutation, useNewRecoveryCodesMutation, useRemoveTotpMutation, useStartTotpMutation } from '../../api/totp-api.ts';
import { AppModal } from '../../components/app-modal.tsx';
import { formatDate } from '../../shared/format.ts';
import { toast } from '../../shared/toast.ts';
import { useRefreshMe } from '../../shared/session/use-refresh-me.ts';
import { RECOVERY_CODES_TITLE, RecoveryCodesPanel } from './recovery-codes-panel.tsx';

export const AUTHENTICATOR_TITLE = 'Authenticator app';

interface ConfirmActionProps {
  opened: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  title: string;
  message: string;
  confirmLabel: string;
  color?: string;
  loading: boolean;
  /** The server's refusal, shown in the dialog it answers (the site requires a factor, say). */
  refusal: string | null;
}

function ConfirmAction({ opened, onConfirm, onCancel, title, message, confirmLabel, color, loading, refusal }: ConfirmActionProps) {
  return (
    <AppModal opened={opened} onClose={onCancel} title={title} size="md" compact>
      <Stack gap="md">
        <Text size="sm">{message}</Text>
        {refusal && (
          <Alert color="red" role="alert">
            {refusal}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={loading}>
            Cancel
          </Button>
          <Button color={color} onClick={onConfirm} loading={loading}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}

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
    // While the codes show, a stray click or key must not close them unseen: only "I have saved my codes" does.
    <AppModal
      opened
      onClose={onClose}
      title={codes ? RECOVERY_CODES_TITLE : 'Set up an authenticator app'}
      closeOnClickOutside={!codes}
      closeOnEscape={!codes}
      withCloseButton={!codes}
      size="md"
    >
      {codes ? (
        <RecoveryCodesPanel codes={codes} onDone={onClose} />
      ) : (
        <form onSubmit={(event) => void submit(event)} noValidate>
          <Stack gap="md">
            <Text size="sm">Scan this code with an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password, …).</Text>
            <Image src={enrolment.qr_svg} alt="QR code for your authenticator app" w={200} h={200} mx="auto" />
            <Text size="sm">Or type this key into the app:</Text>
            <Group gap="xs" wrap="nowrap" align="center">
              <Code block aria-label="Authenticator key" style={{ flex: 1, overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
                {enrolment.secret}
              </Code>
              <CopyButton value={enrolment.secret}>
                {({ copied, copy }) => (
                  <Button variant={copied ? 'light' : 'default'} color={copied ? 'teal' : undefined} onClick={copy}>
                    {copied ? 'Copied' : 'Copy key'}
                  </Button>
                )}
              </CopyButton>
            </Group>
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
  const [refusal, setRefusal] = useState<string | null>(null);
  const ask = (what: 'remove' | 'codes' | null) => {
    setRefusal(null);
    setConfirming(what);
  };
  const onRemove = async () => {
    const result = await remove();
    if (result.error) return setRefusal(serverMessage(result.error) ?? 'The authenticator app could not be removed.');
    ask(null);
    toast.success('Authenticator app removed');
    refreshMe();
  };
  const onRenew = async () => {
    const result = await renew();
    if (!result.data) return setRefusal(serverMessage(result.error) ?? 'New recovery codes could not be made.');
    ask(null);
    setCodes(result.data.codes);
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
            <Button variant="default" color="red" onClick={() => ask('remove')}>
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
            <Button variant="default" onClick={() => ask('codes')}>
              Generate new codes
            </Button>
          </Group>
        )}
      </Stack>
      {enrolment && <SetUpDialog enrolment={enrolment} onClose={() => setEnrolment(null)} />}
      <AppModal
        opened={codes !== null}
        onClose={() => setCodes(null)}
        title={RECOVERY_CODES_TITLE}
        closeOnClickOutside={false}
        closeOnEscape={false}
        withCloseButton={false}
        size="md"
      >
        {codes && <RecoveryCodesPanel codes={codes} onDone={() => setCodes(null)} />}
      </AppModal>
      <ConfirmAction
        opened={confirming === 'remove'}
        onCancel={() => ask(null)}
        onConfirm={() => void onRemove()}
        title="Remove the authenticator app?"
        message="Its codes will no longer sign you in."
        confirmLabel="Remove"
        color="red"
        loading={removing}
        refusal={refusal}
      />
      <ConfirmAction
        opened={confirming === 'codes'}
        onCancel={() => ask(null)}
        onConfirm={() => void onRenew()}
        title="Generate new recovery codes?"
        message="Your old recovery codes will stop working."
        confirmLabel="Generate"
        loading={renewing}
        refusal={refusal}
      />
    </Paper>
  );
}
