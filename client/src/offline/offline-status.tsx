/**
 * What every signed-in page says about working offline: a banner while there is no signal, one
 * when the session ended with actions still waiting, and the header's count of actions kept on
 * this device, which opens the "On this device" page.
 */
import { Alert, Badge, Button, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router-dom';
import { sessionExpired } from '../api/base-query.ts';
import { useAppDispatch, useAppSelector } from '../shared/hooks.ts';
import { OFFLINE_PATH } from './offline-path.ts';

export { OFFLINE_PATH } from './offline-path.ts';
export const OFFLINE_BANNER = 'You are offline. What you do is kept on this device and sent when the signal returns.';

export const actionsWord = (n: number): string => `${n} action${n === 1 ? '' : 's'}`;

/** The warning before a logout that would discard actions not yet sent. */
export function unsentWarning(n: number): string {
  return `${actionsWord(n)} on this device ${n === 1 ? 'has' : 'have'} not been sent. Logging out discards ${n === 1 ? 'it' : 'them'}.`;
}

export function signInAgainText(waiting: number): string {
  return `Sign in again to send ${actionsWord(waiting)} kept on this device`;
}

/** Header: "3 waiting" and, in red, "1 needs attention"; nothing when the queue is empty. */
export function PendingButton() {
  const { pendingCount, attentionCount, online } = useAppSelector((state) => state.offline);
  if (pendingCount === 0 && attentionCount === 0) {
    return online ? null : (
      <Badge color="gray" variant="filled" aria-label="Offline" style={{ flexShrink: 0 }}>
        Offline
      </Badge>
    );
  }
  const label = [pendingCount > 0 && `${pendingCount} waiting`, attentionCount > 0 && `${attentionCount} need${attentionCount === 1 ? 's' : ''} attention`]
    .filter(Boolean)
    .join(', ');
  return (
    <UnstyledButton component={Link} to={OFFLINE_PATH} aria-label={`On this device: ${label}`}>
      <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
        {!online && (
          <Badge color="gray" variant="filled">
            Offline
          </Badge>
        )}
        {pendingCount > 0 && (
          <Badge color="blue" variant="light">
            {pendingCount} waiting
          </Badge>
        )}
        {attentionCount > 0 && (
          <Badge color="red" variant="filled">
            {attentionCount} need{attentionCount === 1 ? 's' : ''} attention
          </Badge>
        )}
      </Group>
    </UnstyledButton>
  );
}

/** Top of the page: offline, and "sign in again" when the session ended with actions waiting. */
export function OfflineBanners() {
  const dispatch = useAppDispatch();
  const { online, signInNeeded, pendingCount } = useAppSelector((state) => state.offline);
  if (online && !signInNeeded) return null;
  return (
    <Stack gap="xs" mb="md">
      {!online && (
        <Alert color="gray" variant="light" py="xs" role="status" data-banner="offline">
          {OFFLINE_BANNER}
        </Alert>
      )}
      {signInNeeded && (
        <Alert color="orange" variant="light" py="xs" role="status" data-banner="sign-in-needed">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Text size="sm">{signInAgainText(pendingCount)}</Text>
            {/* Ends the local session: the sign-in page brings the person back here, and the queue resumes. */}
            <Button size="compact-sm" onClick={() => dispatch(sessionExpired())}>
              Sign in
            </Button>
          </Group>
        </Alert>
      )}
    </Stack>
  );
}
