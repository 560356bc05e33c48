/**
 * /forgot_password: asks for a reset code. The answer is the same whether or not the account
 * exists (spec 02 §8), so the screen always shows the notice and moves on to the code entry.
 */
import { Anchor, Button, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { MAX_LENGTH } from '../../shared/field-limits.ts';
import { toast } from '../../shared/toast.ts';
import { PRODUCT_NAME } from '../../components/logo.tsx';
import { PublicFrame } from '../../components/public-frame.tsx';
import { useRequestPasswordResetMutation } from './account-api.ts';
import { AUTH_TEXT, RESET_NOTICE_DURATION, resetAuthPath } from './auth-flow.ts';
import { EMAIL_REQUIRED } from '@contract/messages.ts';

export function ForgotPasswordPage() {
  useDocumentTitle(`Reset Password · ${PRODUCT_NAME}`);
  const navigate = useNavigate();
  const [requestReset, { isLoading }] = useRequestPasswordResetMutation();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const address = email.trim();
    if (address === '') {
      setError(EMAIL_REQUIRED);
      return;
    }
    setError(null);
    // The response is ignored on purpose: it must not reveal whether the account exists.
    await requestReset({ email: address });
    toast.info(AUTH_TEXT.resetNotice, { duration: RESET_NOTICE_DURATION });
    navigate(resetAuthPath(address));
  };

  return (
    <PublicFrame>
      <Paper withBorder radius="md" p="lg" shadow="sm">
        <Title order={2} ta="center" mb="xs">
          Reset Password
        </Title>
        <Text size="sm" c="dimmed" ta="center" mb="md">
          Enter your email and we will send you a one-time code.
        </Text>
        <form onSubmit={(event) => void onSubmit(event)} noValidate>
          <Stack gap="sm">
            <TextInput
              label="Email"
              maxLength={MAX_LENGTH.email}
              type="email"
              autoComplete="email"
              required
              value={email}
              error={error}
              onChange={(event) => setEmail(event.currentTarget.value)}
            />
            <Button type="submit" fullWidth loading={isLoading} mt="xs">
              Send Reset Link
            </Button>
            <Anchor component={Link} to="/login" size="sm" ta="center">
              Back to login
            </Anchor>
          </Stack>
        </form>
      </Paper>
    </PublicFrame>
  );
}
