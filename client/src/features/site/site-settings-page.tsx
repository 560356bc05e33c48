/**
 * /site-settings (superadmin): Freeze all Transactions and Maintenance Mode (spec 02 §2.9), and how
 * many days old a field action kept offline may be when it arrives, and whether webhooks may go to
 * loopback and private addresses; and Sign-in: whom a second factor is required of, whether people
 * sign in with a password, and whether a first single sign-on creates an account. "Loading..." until
 * the settings arrive; the switches and the policy change at once and revert on failure; the number
 * is saved when valid.
 */
import { Button, Divider, Group, NumberInput, Paper, Select, Stack, Switch, Text, Title } from '@mantine/core';
import { OFFLINE_MAX_AGE_INVALID } from '@contract/offline.ts';
import { SECOND_FACTOR_POLICIES, SECOND_FACTOR_POLICY_LABELS, type SecondFactorPolicy } from '@contract/sign-in.ts';
import { offlineMaxAgeDays } from '@contract/site.ts';
import { useEffect, useState } from 'react';
import { toast } from '../../shared/toast.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { useGetSiteSettingsQuery, useUpdateSiteSettingsMutation, type SiteSettings } from '../../api/site-api.ts';
import { FAILED_TO_UPDATE, LOAD_SETTINGS_FAILED } from '../../shared/messages.ts';

export function SiteSettingsPage() {
  const { data, isLoading, isError } = useGetSiteSettingsQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  const [update] = useUpdateSiteSettingsMutation();

  useEffect(() => {
    if (isError) toast.error(LOAD_SETTINGS_FAILED);
  }, [isError]);

  const flip = async (patch: Partial<SiteSettings>) => {
    const result = await update(patch);
    if (result.error) toast.error(FAILED_TO_UPDATE);
    else toast.success('Settings updated');
  };

  return (
    <>
      <PageHeader title="Site Settings" />
      <Paper withBorder radius="md" p="lg" maw={640}>
        {isLoading ? (
          <Text>Loading...</Text>
        ) : data ? (
          <Stack gap="lg">
            <Switch
              size="md"
              label="Freeze all Transactions"
              description="Stops all Receive, Return, Assign and Unassign actions."
              checked={data.freeze_transactions}
              onChange={(event) => void flip({ freeze_transactions: event.currentTarget.checked })}
            />
            <Switch
              size="md"
              label="Maintenance Mode"
              description="Redirects all non-superadmin users to the maintenance message."
              checked={data.maintenance_mode}
              onChange={(event) => void flip({ maintenance_mode: event.currentTarget.checked })}
            />
            <OfflineMaxAgeField saved={data.offline_max_age_days} save={flip} />
            <Switch
              size="md"
              label="Allow webhooks to loopback and private addresses (tests, on-premises)"
              description="Lets webhook endpoints use plain http and addresses inside this network (127.0.0.1, 10.x, 192.168.x). Leave off on a public site: otherwise anyone who may register an endpoint can make the server call into its own network. Link-local addresses stay refused."
              checked={data.webhooks_allow_private}
              onChange={(event) => void flip({ webhooks_allow_private: event.currentTarget.checked })}
            />
            <SignInSettings settings={data} save={flip} />
          </Stack>
        ) : (
          <Text c="dimmed">Failed to load settings</Text>
        )}
      </Paper>
    </>
  );
}

/** A draft of the limit, checked by the contract's own rule; saved on the button or Enter. */
function OfflineMaxAgeField({ saved, save }: { saved: number; save: (patch: Partial<SiteSettings>) => Promise<void> }) {
  const [draft, setDraft] = useState<string>(String(saved));
  const [saving, setSaving] = useState(false);
  useEffect(() => setDraft(String(saved)), [saved]);
  const parsed = offlineMaxAgeDays.safeParse(draft.trim() === '' ? Number.NaN : Number(draft));
  const error = parsed.success ? null : OFFLINE_MAX_AGE_INVALID;
  const changed = parsed.success && parsed.data !== saved;
  const submit = async () => {
    if (!parsed.success || !changed) return;
    setSaving(true);
    await save({ offline_max_age_days: parsed.data });
    setSaving(false);
  };
  return (
    <Group align="flex-start" wrap="nowrap">
      <NumberInput
        label="Offline actions limit (days)"
        description="Field actions taken offline and sent later are refused when older than this."
        value={draft}
        onChange={(next) => setDraft(String(next))}
        onKeyDown={(event) => {
          if (event.key === 'Enter') void submit();
        }}
        error={error}
        allowDecimal={false}
        allowNegative={false}
        inputMode="numeric"
        w={320}
      />
      <Button mt={46} onClick={() => void submit()} disabled={!changed} loading={saving}>
        Save
      </Button>
    </Group>
  );
}

const POLICY_CHOICES = SECOND_FACTOR_POLICIES.map((value) => ({ value, label: SECOND_FACTOR_POLICY_LABELS[value] }));

/** Who signs in how: the second-factor policy, password sign-in, and accounts made by single sign-on. */
function SignInSettings({ settings, save }: { settings: SiteSettings; save: (patch: Partial<SiteSettings>) => Promise<void> }) {
  return (
    <>
      <Divider />
      <Title order={3} size="h4">
        Sign-in
      </Title>
      <Select
        label="Require a second factor of"
        description="Those it names must set up a passkey or an authenticator app before they can do anything else; whoever has one is asked for it at every sign-in."
        data={POLICY_CHOICES}
        value={settings.second_factor_policy}
        allowDeselect={false}
        onChange={(next) => {
          if (next && next !== settings.second_factor_policy) void save({ second_factor_policy: next as SecondFactorPolicy });
        }}
        maw={420}
      />
      <Switch
        size="md"
        label="Password sign-in"
        description="Off: only the superadmin signs in with a password; everyone else signs in through single sign-on."
        checked={settings.password_sign_in}
        onChange={(event) => void save({ password_sign_in: event.currentTarget.checked })}
      />
      <Switch
        size="md"
        label="Create accounts on first single sign-on"
        description="Someone without an account who signs in through single sign-on gets one (role user, in no project) when their e-mail is in the ALLOWED_EMAIL_DOMAIN domain. Off: only people already invited or registered can sign in."
        checked={settings.sso_sign_up}
        onChange={(event) => void save({ sso_sign_up: event.currentTarget.checked })}
      />
    </>
  );
}
