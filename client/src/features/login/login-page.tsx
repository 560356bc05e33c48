/** /login: email and password; "Login failed" above the form on failure (spec 01 §2, §8). */
import { Alert, Anchor, Button, Paper, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation } from 'react-router-dom';
import { baseApi } from '../../api/base-api.ts';
import { serverMessage } from '../../api/error-message.ts';
import { MAX_LENGTH } from '../../shared/field-limits.ts';
import { useAppDispatch, useAppSelector } from '../../shared/hooks.ts';
import { FullPageLoader } from '../../components/full-page-loader.tsx';
import { PRODUCT_NAME } from '../../components/logo.tsx';
import { PublicFrame } from '../../components/public-frame.tsx';
import { isSignedIn, useLoginMutation } from '../../shared/session/auth-api.ts';
import type { SecondFactorMethod } from '@contract/sign-in.ts';
import { PasskeySignInButton } from './passkey-sign-in-button.tsx';
import { SecondFactorStep } from '../../components/second-factor/second-factor-step.tsx';
import { SsoButtons } from './sso-buttons.tsx';
import { validateLogin, type LoginFieldErrors } from './login-form.ts';
import { selectSessionStatus } from '../../shared/session/session-selectors.ts';
import { returnPath } from '../../shared/session/return-to.ts';

export function LoginPage() {
  useDocumentTitle(`Login · ${PRODUCT_NAME}`);
  const dispatch = useAppDispatch();
  const status = useAppSelector(selectSessionStatus);
  const location = useLocation();
  const [login, { isLoading }] = useLoginMutation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<LoginFieldErrors>({});
  const [failure, setFailure] = useState<{ message: string | null } | null>(null);
  const [secondStep, setSecondStep] = useState<SecondFactorMethod[] | null>(null);

  if (status === 'loading') return <FullPageLoader />;
  // Success lands here too: the session slice marks the user authenticated when login resolves.
  if (status === 'authenticated') return <Navigate to={returnPath(location.state)} replace />;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const errors = validateLogin({ email, password });
    setFieldErrors(errors);
    if (Object.keys(errors).length > 0) return;
    setFailure(null);
    // Whatever a previous account left in the cache must not be shown to the next one.
    dispatch(baseApi.util.resetApiState());
    const result = await login({ email: email.trim(), password });
    if (result.error) setFailure({ message: serverMessage(result.error) });
    else if (!isSignedIn(result.data)) setSecondStep(result.data.second_factor.methods);
  };

  if (secondStep)
    return (
      <PublicFrame>
        <SecondFactorStep
          methods={secondStep}
          onCancel={() => {
            setSecondStep(null);
            setPassword('');
          }}
        />
      </PublicFrame>
    );

  return (
    <PublicFrame>
      <Paper withBorder radius="md" p="lg" shadow="sm">
        <Title order={2} ta="center" mb="md">
          Sign in
        </Title>
        {failure && (
          <Alert color="red" title="Login failed" mb="md" role="alert">
            {failure.message}
          </Alert>
        )}
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="sm">
            <TextInput
              label="Email"
              maxLength={MAX_LENGTH.email}
              type="email"
              autoComplete="username"
              required
              value={email}
              error={fieldErrors.email}
              onChange={(event) => setEmail(event.currentTarget.value)}
            />
            <PasswordInput
              label="Password"
              maxLength={MAX_LENGTH.password}
              autoComplete="current-password"
              required
              value={password}
              error={fieldErrors.password}
              onChange={(event) => setPassword(event.currentTarget.value)}
            />
            <Button type="submit" fullWidth disabled={isLoading} mt="xs">
              {isLoading ? 'Logging in…' : 'Login'}
            </Button>
            <Anchor component={Link} to="/forgot_password" size="sm" ta="center">
              Forgot Password?
            </Anchor>
          </Stack>
        </form>
        <PasskeySignInButton />
        <SsoButtons />
      </Paper>
    </PublicFrame>
  );
}
