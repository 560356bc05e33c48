/**
 * "Sign in with …" for each single sign-on provider the site is configured with. Each is a plain
 * link: the browser leaves for the provider and comes back through the server's callback.
 */
import { Button, Divider, Stack } from '@mantine/core';
import type { JSX } from 'react';
import { ssoStartUrl, useGetSignInOptionsQuery } from '../../api/sso-api.ts';
import { DEFAULT_AFTER_LOGIN } from '../../shared/session/return-to.ts';

export function SsoButtons({ returnTo = null, divider = true }: { returnTo?: string | null; divider?: boolean }): JSX.Element | null {
  const { data } = useGetSignInOptionsQuery();
  const providers = data?.providers ?? [];
  if (providers.length === 0) return null;
  const back = returnTo && returnTo !== DEFAULT_AFTER_LOGIN ? returnTo : null;
  return (
    <Stack gap="sm" mt={divider ? 'md' : 0}>
      {divider && <Divider label="or" labelPosition="center" />}
      {providers.map((provider) => (
        <Button key={provider.id} component="a" href={ssoStartUrl(provider.id, back)} variant="default" fullWidth>
          Sign in with {provider.name}
        </Button>
      ))}
    </Stack>
  );
}
