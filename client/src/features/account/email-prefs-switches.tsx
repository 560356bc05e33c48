/**
 * The header menu's e-mail switches (spec 02 §1): Assignments (emails) and Stock Alerts
 * (stock_emails). They flip at once and flip back with "Failed to update" when refused (§4.3).
 */
import { Stack, Switch } from '@mantine/core';
import { useAppDispatch, useAppSelector } from '../../shared/hooks.ts';
import { toast } from '../../shared/toast.ts';
import { selectUser } from '../../shared/session/session-selectors.ts';
import { emailPrefsSet } from '../../shared/session/session-slice.ts';
import { useUpdateEmailPrefsMutation, type EmailPrefs } from './account-api.ts';
import { FAILED_TO_UPDATE } from '../../shared/messages.ts';

export function EmailPrefsSwitches() {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const [updatePrefs] = useUpdateEmailPrefsMutation();
  if (!user) return null;

  const flip = async (key: keyof EmailPrefs, value: boolean) => {
    const previous = user[key];
    dispatch(emailPrefsSet({ [key]: value }));
    const result = await updatePrefs({ [key]: value });
    if (result.error) {
      dispatch(emailPrefsSet({ [key]: previous }));
      toast.error(FAILED_TO_UPDATE);
      return;
    }
    dispatch(emailPrefsSet(result.data));
  };

  return (
    <Stack gap="xs" px="sm" py={6}>
      <Switch
        label="Assignments"
        description="Email me about assignments"
        checked={user.emails}
        onChange={(event) => void flip('emails', event.currentTarget.checked)}
      />
      <Switch
        label="Stock Alerts"
        description="Email me about low stock"
        checked={user.stock_emails}
        onChange={(event) => void flip('stock_emails', event.currentTarget.checked)}
      />
    </Stack>
  );
}
