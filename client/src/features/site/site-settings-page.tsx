/**
 * /site-settings (superadmin): Freeze all Transactions and Maintenance Mode (spec 02 §2.9).
 * "Loading..." until the settings arrive; the switches flip at once and revert on failure.
 */
import { Paper, Stack, Switch, Text } from '@mantine/core';
import { useEffect } from 'react';
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
          </Stack>
        ) : (
          <Text c="dimmed">Failed to load settings</Text>
        )}
      </Paper>
    </>
  );
}
