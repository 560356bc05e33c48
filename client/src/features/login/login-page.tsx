/**
 * /login: email and password; "Login failed" above the form on failure (spec 01 §2, §8). Single
 * sign-on comes back here with `?sso_error=<code>` (shown in the same alert) or
 * `?second_factor=<methods>` (the second step); with password sign-in off, the provider buttons
 * come first and the form waits behind "Superadmin sign-in".
 */
import { Alert, Anchor, Button, Divider, Paper, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { baseApi } from '../../api/base-api.ts';
import { serverMessage } from '../../api/error-message.ts';
import { MAX_LENGTH } from '@contract/limits.ts';
import { useAppDispatch, useAppSelector } from '../../shared/hooks.ts';
import { FullPageLoader } from '../../components/full-page-loader.tsx';
import { PRODUCT_NAME } from '../../components/logo.tsx';
import { PublicFrame } from '../../components/public-frame.tsx';
import { isSignedIn, useLoginMutation } from '../../shared/session/auth-api.ts';
import { SECOND_FACTOR_METHODS, ssoErrorMessage, type SecondFactorMethod } from '@contract/sign-in-words.ts';
import { useGetSignInOptionsQuery } from '../../api/sso-api.ts';
import { PasskeySignInButton } from './passkey-sign-in-button.tsx';
import { SecondFactorStep } from '../../components/second-factor/second-factor-step.tsx';
import { SsoButtons } from './sso-buttons.tsx';
import { validateLogin, type LoginFieldErrors } from './login-form.ts';
import { selectSessionStatus } from '../../shared/session/session-selectors.ts';
import { returnPath } from '../../shared/session/return-to.ts';

/** What single sign-on sent back in the address: a refusal's words, or the second step's methods. */
function ssoOutcome(search: string): { error: string | null; methods: SecondFactorMethod[] | null } {
  const params = new URLSearchParams(search);
  const code = params.get('sso_error');
  const listed = params.get('second_factor');
  const methods = listed === null ? null : SECOND_FACTOR_METHODS.filter((method) => listed.split(',').includes(method));
  return { error: code === null ? null : ssoErrorMessage(code), methods: methods && methods.length > 0 ? methods : null };
}

export function LoginPage() {
  useDocumentTitle(`Login · ${PRODUCT_NAME}`);
  const dispatch = useAppDispatch();
  const status = useAppSelector(selectSessionStatus);
  const location = useLocation();
  const navigate = useNavigate();
  const [login, { isLoading }] = useLoginMutation();
  const [fromSso] = useState(() => ssoOutcome(location.search));
  const { data: options } = useGetSignInOptionsQuery();
  const [superadminForm, setSuperadminForm] = useState(false);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<LoginFieldErrors>({});
  const [failure, setFailure] = useState<{ message: string | null } | null>(fromSso.error ? { message: fromSso.error } : null);
  const [secondStep, setSecondStep] = useState<SecondFactorMethod[] | null>(fromSso.methods);

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
            if (location.search) navigate('/login', { replace: true, state: location.state });
          }}
        />
      </PublicFrame>
    );

  // Password sign-in off is the superadmin's way in only: the providers come first (unless none is set up).
  const passwordFirst = options?.password !== false || options.providers.length === 0;
  const returnTo = returnPath(location.state);
  const form = (
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
        {passwordFirst ? (
          <>
            {form}
            <PasskeySignInButton />
            <SsoButtons returnTo={returnTo} />
          </>
        ) : (
          <>
            <SsoButtons returnTo={returnTo} divider={false} />
            <PasskeySignInButton />
            {superadminForm ? (
              <>
                <Divider label="Superadmin" labelPosition="center" my="md" />
                {form}
              </>
            ) : (
              <Anchor component="button" type="button" size="sm" display="block" mx="auto" mt="md" onClick={() => setSuperadminForm(true)}>
                Superadmin sign-in
              </Anchor>
            )}
          </>
        )}
      </Paper>
    </PublicFrame>
  );
}
