/** Step 2 of /auth: the new password twice; on success the user goes to the dashboard. */
import { Button, Center, Loader, PasswordInput, Stack, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { MAX_LENGTH } from '../../shared/field-limits.ts';
import { toast } from '../../shared/toast.ts';
import { useUpdatePasswordMutation } from './account-api.ts';
import { AUTH_TEXT, PASSWORD_ERROR_DURATION, passwordFailureMessage, passwordMismatch, passwordStepTitle, type AuthFlowType } from './auth-flow.ts';

export function PasswordStep({ type }: { type: AuthFlowType }) {
  const navigate = useNavigate();
  const [updatePassword, { isLoading }] = useUpdatePasswordMutation();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [mismatch, setMismatch] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const error = passwordMismatch(password, confirm);
    setMismatch(error);
    if (error) return;
    const result = await updatePassword({ password });
    if (result.error) {
      toast.error(passwordFailureMessage(result.error), { duration: PASSWORD_ERROR_DURATION });
      return;
    }
    toast.success(AUTH_TEXT.saved);
    navigate('/dashboard', { replace: true });
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Stack gap="sm">
        <Title order={2} ta="center">
          {passwordStepTitle(type)}
        </Title>
        <PasswordInput
          label="New password"
          maxLength={MAX_LENGTH.password}
          autoComplete="new-password"
          required
          data-autofocus
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
        />
        <PasswordInput
          label="Confirm password"
          maxLength={MAX_LENGTH.password}
          autoComplete="new-password"
          required
          value={confirm}
          error={mismatch}
          onChange={(event) => setConfirm(event.currentTarget.value)}
        />
        {isLoading ? (
          <Center h={36} mt="xs" aria-busy="true">
            <Loader size="sm" />
          </Center>
        ) : (
          <Button type="submit" fullWidth mt="xs">
            Submit
          </Button>
        )}
      </Stack>
    </form>
  );
}
