/**
 * The fields both kinds of token share: a name, how long it lives (30, 90 or 365 days, or a
 * custom number of days up to a year) and its scopes, checked as the contract checks them.
 */
import { Button, Checkbox, Group, NumberInput, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { TOKEN_MAX_DAYS, TOKEN_MESSAGES, TOKEN_NAME_MAX, TOKEN_SCOPES, type TokenScope } from '@contract/api-tokens.ts';
import { messageOr, serverField } from '../../api/error-message.ts';
import { formatDate } from '../../shared/format.ts';
import { CREATE_FAILED } from '../../shared/messages.ts';
import { EXPIRY_PRESETS, type ExpiryChoice, expiryDate, expiryDays, refusedField, type TokenField } from './token-model.ts';

export interface CommonDraft {
  name: string;
  expiry: ExpiryChoice;
  customDays: string;
  scopes: TokenScope[];
}

export const EMPTY_DRAFT: CommonDraft = { name: '', expiry: '90', customDays: '', scopes: ['read'] };

export type FieldErrors = Partial<Record<TokenField, string>>;

const SCOPE_DESCRIPTION: Record<TokenScope, string> = {
  read: 'Read: look up projects, stock, logs and anything else the holder may see.',
  write: 'Write: also change things (receive, return, assign, requests…), never more than the role behind the token allows.',
};

/** The shared part of a creation, or the errors that keep it from being sent. */
export function checkCommon(draft: CommonDraft): { errors: FieldErrors } | { body: { name: string; expires_in_days: number; scopes: TokenScope[] } } {
  const errors: FieldErrors = {};
  const name = draft.name.trim();
  if (name === '') errors.name = 'Name is required.';
  else if (name.length > TOKEN_NAME_MAX) errors.name = `Name is too long (at most ${TOKEN_NAME_MAX} characters).`;
  const expiry = expiryDays(draft.expiry, draft.customDays);
  if ('error' in expiry) errors.expires_in_days = expiry.error;
  if (draft.scopes.length === 0) errors.scopes = TOKEN_MESSAGES.scopesRequired;
  if (Object.keys(errors).length > 0 || 'error' in expiry) return { errors };
  return { body: { name, expires_in_days: expiry.days, scopes: TOKEN_SCOPES.filter((s) => draft.scopes.includes(s)) } };
}

export function CommonTokenFields({ draft, errors, onChange }: { draft: CommonDraft; errors: FieldErrors; onChange: (patch: Partial<CommonDraft>) => void }) {
  const expiry = expiryDays(draft.expiry, draft.customDays);
  return (
    <>
      <TextInput
        label="Name"
        description="What the token is for, so you know it again in the list."
        required
        data-autofocus
        maxLength={TOKEN_NAME_MAX}
        value={draft.name}
        error={errors.name}
        onChange={(event) => onChange({ name: event.currentTarget.value })}
      />
      <Stack gap={4}>
        <Text size="sm" fw={500} id="token-expiry-label">
          Expires after
        </Text>
        <SegmentedControl
          aria-labelledby="token-expiry-label"
          data={EXPIRY_PRESETS.map((p) => ({ value: p.value, label: p.label }))}
          value={draft.expiry}
          onChange={(value) => onChange({ expiry: value as ExpiryChoice })}
          fullWidth
        />
        {draft.expiry === 'custom' && (
          <NumberInput
            label="Number of days"
            placeholder={`1 to ${TOKEN_MAX_DAYS}`}
            min={1}
            max={TOKEN_MAX_DAYS}
            // Out of range is said, not silently changed to the nearest allowed number.
            clampBehavior="none"
            allowDecimal={false}
            allowNegative={false}
            inputMode="numeric"
            value={draft.customDays}
            onChange={(value) => onChange({ customDays: String(value) })}
            error={errors.expires_in_days}
            maw={320}
          />
        )}
        {draft.expiry !== 'custom' && errors.expires_in_days && (
          <Text size="sm" c="red">
            {errors.expires_in_days}
          </Text>
        )}
        {'days' in expiry && (
          <Text size="xs" c="dimmed">
            Expires on {formatDate(expiryDate(new Date(), expiry.days).toISOString())}
          </Text>
        )}
      </Stack>
      <Checkbox.Group label="Scopes" value={draft.scopes} onChange={(value) => onChange({ scopes: value as TokenScope[] })} error={errors.scopes}>
        <Stack gap="xs" mt={6}>
          {TOKEN_SCOPES.map((scope) => (
            <Checkbox key={scope} value={scope} label={scope === 'read' ? 'Read' : 'Write'} description={SCOPE_DESCRIPTION[scope]} />
          ))}
        </Stack>
      </Checkbox.Group>
    </>
  );
}

/** A refused creation: on the field the server names, or above the form's buttons. */
export function refusalOf(error: Parameters<typeof messageOr>[0]): { errors: FieldErrors } | { failure: string } {
  const message = messageOr(error, CREATE_FAILED);
  const field = refusedField(serverField(error));
  return field ? { errors: { [field]: message } } : { failure: message };
}

export function CreateTokenActions({ onCancel, busy }: { onCancel: () => void; busy: boolean }) {
  return (
    <Group justify="flex-end" gap="sm">
      <Button variant="default" onClick={onCancel} disabled={busy}>
        Cancel
      </Button>
      <Button type="submit" loading={busy}>
        Create token
      </Button>
    </Group>
  );
}
