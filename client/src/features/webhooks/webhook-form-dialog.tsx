/**
 * Add endpoint and Edit endpoint: the URL, the kinds of events (checkboxes with their words) and a
 * description. The server checks the address (https, and no private address unless the site allows
 * it); its refusal is shown under the field it names.
 */
import { Button, Checkbox, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { WEBHOOK_EVENT_KINDS, WEBHOOK_LIMITS, WEBHOOK_MESSAGES, type WebhookEventKind } from '@contract/webhooks.ts';
import { messageOr, serverField } from '../../api/error-message.ts';
import { type WebhookEndpoint, type WebhookWithSecret, useCreateWebhookMutation, useUpdateWebhookMutation } from '../../api/webhooks-api.ts';
import { AppModal } from '../../components/app-modal.tsx';
import { lengthError } from '../../shared/field-limits.ts';
import { toast } from '../../shared/toast.ts';
import { kindLabel, orderedKinds } from './webhook-status.ts';

type Field = 'url' | 'kinds' | 'description';
type Errors = Partial<Record<Field, string>>;

interface WebhookFormDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The scope of a new endpoint: a project's id, or null for a site-wide one. */
  projectId: string | null;
  /** Given: the form edits it; absent: it registers a new endpoint. */
  endpoint?: WebhookEndpoint;
  /** A new endpoint, with the secret shown this once. */
  onCreated?: (created: WebhookWithSecret) => void;
}

export function WebhookFormDialog({ opened, onClose, ...props }: WebhookFormDialogProps) {
  return (
    <AppModal opened={opened} onClose={onClose} title={props.endpoint ? 'Edit endpoint' : 'Add endpoint'} size="lg">
      <WebhookForm onClose={onClose} {...props} />
    </AppModal>
  );
}

const URL_REFUSALS: readonly string[] = [WEBHOOK_MESSAGES.url, WEBHOOK_MESSAGES.privateAddress, WEBHOOK_MESSAGES.unresolvable];

/** The field a refusal is about: the one it names (`kinds.0` is about the kinds), or the URL for the address checks' own messages. */
function refusedField(field: string | null, message: string): Field | null {
  const head = field?.split('.')[0];
  if (head === 'url' || head === 'kinds' || head === 'description') return head;
  return URL_REFUSALS.includes(message) ? 'url' : null;
}

function WebhookForm({ onClose, projectId, endpoint, onCreated }: Omit<WebhookFormDialogProps, 'opened'>) {
  const [create, creating] = useCreateWebhookMutation();
  const [update, updating] = useUpdateWebhookMutation();
  const [url, setUrl] = useState(endpoint?.url ?? '');
  const [kinds, setKinds] = useState<string[]>(endpoint?.kinds ?? []);
  const [description, setDescription] = useState(endpoint?.description ?? '');
  const [submitErrors, setErrors] = useState<Errors>({});
  const typing: Errors = {
    url: lengthError('URL', WEBHOOK_LIMITS.urlMax, url),
    description: lengthError('Description', WEBHOOK_LIMITS.descriptionMax, description),
  };
  const errors: Errors = { ...submitErrors, ...Object.fromEntries(Object.entries(typing).filter(([, message]) => message)) };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: Errors = Object.fromEntries(Object.entries(typing).filter(([, message]) => message));
    if (url.trim() === '') found.url = 'URL is required.';
    if (kinds.length === 0) found.kinds = WEBHOOK_MESSAGES.kindsRequired;
    setErrors(found);
    if (Object.keys(found).length > 0) return;

    const body = { url: url.trim(), kinds: orderedKinds(kinds), description: description.trim() };
    const refuse = (error: Parameters<typeof serverField>[0]) => {
      const message = messageOr(error, endpoint ? 'The endpoint could not be saved.' : 'The endpoint could not be added.');
      const field = refusedField(serverField(error), message);
      if (field) setErrors({ [field]: message });
      else toast.error(message);
    };
    if (endpoint) {
      const result = await update({ endpoint, patch: body });
      if (result.error) return refuse(result.error);
      toast.success('Endpoint saved');
    } else {
      const result = await create({ project_id: projectId, ...body });
      if (result.error) return refuse(result.error);
      onCreated?.(result.data);
    }
    onClose();
  };

  const saving = creating.isLoading || updating.isLoading;
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Stack gap="md">
        <TextInput
          label="URL"
          description="Where each event is sent, as a signed POST request."
          placeholder="https://example.com/webhooks/stockledger"
          required
          data-autofocus
          inputMode="url"
          value={url}
          error={errors.url}
          onChange={(event) => setUrl(event.currentTarget.value)}
        />
        <Checkbox.Group
          label="Events"
          description="Which kinds of events this endpoint receives."
          required
          value={kinds}
          onChange={setKinds}
          error={errors.kinds}
        >
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" mt="xs">
            {WEBHOOK_EVENT_KINDS.map((kind: WebhookEventKind) => (
              <Checkbox key={kind} value={kind} label={kindLabel(kind)} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        <TextInput
          label="Description"
          description="Optional: what receives these events, and who looks after it."
          value={description}
          error={errors.description}
          onChange={(event) => setDescription(event.currentTarget.value)}
        />
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" loading={saving}>
            {endpoint ? 'Save' : 'Add endpoint'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
