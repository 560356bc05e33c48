/**
 * /auth (spec 02 §2.8, §4.2): verify the e-mail with a one-time code, then set the password.
 * A link carrying a token (the set-password link) is exchanged first and skips the code step;
 * a rejected token falls back to the code step.
 */
import { Center, Loader, Paper, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { baseApi } from '../../api/base-api.ts';
import { useAppDispatch, useAppSelector } from '../../shared/hooks.ts';
import { toast } from '../../shared/toast.ts';
import { PRODUCT_NAME } from '../../components/logo.tsx';
import { PublicFrame } from '../../components/public-frame.tsx';
import { selectSessionStatus } from '../../shared/session/session-selectors.ts';
import { authenticated, signedOut } from '../../shared/session/session-slice.ts';
import { useExchangeTokenMutation } from './account-api.ts';
import { AUTH_TEXT, authFlowType, codeFromLink, exchangeFlow, passwordStepTitle } from './auth-flow.ts';
import { PasswordStep } from './password-step.tsx';
import { VerifyStep } from './verify-step.tsx';
import type { SecondFactorMethod } from '@contract/sign-in.ts';
import { SecondFactorStep } from '../../components/second-factor/second-factor-step.tsx';

type Step = 'exchange' | 'verify' | 'second-factor' | 'password';

export function AuthPage() {
  const [params] = useSearchParams();
  const dispatch = useAppDispatch();
  const sessionStatus = useAppSelector(selectSessionStatus);
  const type = authFlowType(params.get('type'));
  const token = params.get('token');
  const [step, setStep] = useState<Step>(token ? 'exchange' : 'verify');
  const [exchange] = useExchangeTokenMutation();
  const exchanged = useRef(false);
  const [methods, setMethods] = useState<SecondFactorMethod[]>([]);
  const askSecondFactor = useCallback(
    (asked: SecondFactorMethod[]) => {
      // Whoever this browser had signed in is not the person verified here: the password step must
      // wait for the second step to sign this one in, not go on with the previous person's session.
      dispatch(signedOut());
      setMethods(asked);
      setStep('second-factor');
    },
    [dispatch],
  );
  // The second step signs the person in (the session slice); the flow goes on to the password.
  useEffect(() => {
    if (step === 'second-factor' && sessionStatus === 'authenticated') setStep('password');
  }, [step, sessionStatus]);
  useDocumentTitle(`${step === 'password' ? passwordStepTitle(type) : AUTH_TEXT.verifyTitle} · ${PRODUCT_NAME}`);

  useEffect(() => {
    // Wait for the start-up session check: its sign-out of an anonymous visitor must not land
    // after the exchange has signed this one in. The token is one-time, so it is posted once.
    if (step !== 'exchange' || !token || sessionStatus === 'loading' || exchanged.current) return;
    exchanged.current = true;
    void (async () => {
      dispatch(baseApi.util.resetApiState());
      const result = await exchange({ token, flow: exchangeFlow(type) });
      if (result.data && !('user' in result.data)) {
        askSecondFactor(result.data.second_factor.methods);
        return;
      }
      if (result.data) {
        dispatch(authenticated(result.data.user));
        setStep('password');
        return;
      }
      toast.error(AUTH_TEXT.invalidLink);
      setStep('verify');
    })();
  }, [step, token, type, sessionStatus, exchange, dispatch, askSecondFactor]);

  // The second step is framed by itself, as on /login.
  if (step === 'second-factor')
    return (
      <PublicFrame>
        <SecondFactorStep methods={methods} onCancel={() => setStep('verify')} />
      </PublicFrame>
    );
  return (
    <PublicFrame>
      <Paper withBorder radius="md" p="lg" shadow="sm">
        {step === 'exchange' && (
          <Center py="lg">
            <Stack align="center" gap="sm" aria-busy="true">
              <Loader />
              <Text c="dimmed">Checking your link…</Text>
            </Stack>
          </Center>
        )}
        {step === 'verify' && (
          <VerifyStep
            type={type}
            initialEmail={params.get('email') ?? ''}
            initialCode={codeFromLink(params)}
            onVerified={() => setStep('password')}
            onSecondFactor={askSecondFactor}
          />
        )}
        {step === 'password' && <PasswordStep type={type} />}
      </Paper>
    </PublicFrame>
  );
}
