/**
 * The request form of a regular user (spec 01 §2 "Request page for regular users"): choose Material
 * or Asset, search (from 2 characters, 250 ms after the last key, at most 10 results), set a
 * quantity (default 1, minimum 1), add to a request list with optional notes per line, and submit
 * the whole list as one request. The box shows the chosen part's label, but the search stays what
 * was typed: the label is no search text, and the suggestions stay on offer to choose another.
 */
import {
  ActionIcon,
  Anchor,
  Autocomplete,
  Button,
  FileInput,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { skipToken } from '@reduxjs/toolkit/query';
import { useMemo, useState } from 'react';
import {
  type ImageAnswer,
  REQUEST_DEFAULT_QUANTITY,
  REQUEST_IMAGE_MAX_BYTES,
  REQUEST_IMAGE_TYPES,
  REQUEST_MESSAGES,
  REQUEST_SEARCH_DEBOUNCE_MS,
  type RequestType,
} from '@contract/requests.ts';
import { messageOr } from '../../api/error-message.ts';
import { useIdempotencyKey } from '../../api/idempotency.ts';
import { toast } from '../../shared/toast.ts';
import { savedOnDevice } from '../../offline/saved-notice.ts';
import { addToCart, quantityError, searchReady, type CartLine } from './request-rules.ts';
import {
  useSearchRequestAssetsQuery,
  useSearchRequestPartsQuery,
  useSubmitAssetRequestMutation,
  useSubmitMaterialRequestMutation,
  useUploadRequestImageMutation,
} from './requests-api.ts';
import { TYPE_TWO_CHARACTERS } from '../../shared/messages.ts';

interface Choice {
  number: string;
  name: string;
}

const optionLabel = (c: Choice) => (c.name ? `${c.number} · ${c.name}` : c.number);

export function RequestForm({ projectId, projectNumber, onSubmitted }: { projectId: string; projectNumber: string; onSubmitted: (id: string) => void }) {
  const [type, setType] = useState<RequestType>('Material');
  // What the box shows, and what was typed to search with: apart, as a chosen part's label is no search.
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, REQUEST_SEARCH_DEBOUNCE_MS);
  const [chosen, setChosen] = useState<Choice | null>(null);
  const [qty, setQty] = useState<string | number>(REQUEST_DEFAULT_QUANTITY);
  const [notes, setNotes] = useState('');
  const [lines, setLines] = useState<CartLine[]>([]);
  const [submitMaterial, material] = useSubmitMaterialRequestMutation();
  const [submitAsset, asset] = useSubmitAssetRequestMutation();
  const idempotency = useIdempotencyKey();
  const [upload, uploading] = useUploadRequestImageMutation();
  const [photo, setPhoto] = useState<{ file: File; stored: ImageAnswer } | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);

  const ready = searchReady(debounced);
  const parts = useSearchRequestPartsQuery(type === 'Material' && ready ? { projectId, q: debounced.trim() } : skipToken);
  const assets = useSearchRequestAssetsQuery(type === 'Asset' && ready ? debounced.trim() : skipToken);
  const choices: Choice[] = useMemo(
    () =>
      type === 'Material'
        ? (parts.data ?? []).map((p) => ({ number: p.part_number, name: p.part_nickname ? `${p.part_name} (${p.part_nickname})` : p.part_name }))
        : (assets.data ?? []).map((a) => ({ number: a.asset_number, name: a.asset_name })),
    [type, parts.data, assets.data],
  );
  const byLabel = useMemo(() => new Map(choices.map((c) => [optionLabel(c), c])), [choices]);
  const qtyProblem = quantityError(qty);
  const noun = type === 'Material' ? 'part' : 'asset';
  const searching = ready && (parts.isFetching || assets.isFetching);

  const add = () => {
    if (!chosen || qtyProblem) return;
    setLines((current) => addToCart(current, { number: chosen.number, name: chosen.name, qty: Number(qty), notes: notes.trim() }));
    setText('');
    setSearch('');
    setChosen(null);
    setQty(REQUEST_DEFAULT_QUANTITY);
    setNotes('');
  };

  const choosePhoto = async (file: File | null) => {
    setPhoto(null);
    setPhotoError(null);
    if (!file) return;
    // Said at once rather than after sending megabytes the server would refuse.
    if (file.size > REQUEST_IMAGE_MAX_BYTES) {
      setPhotoError(REQUEST_MESSAGES.imageTooLarge);
      return;
    }
    const result = await upload({ projectId, file });
    if (result.error || !result.data) {
      setPhotoError(messageOr(result.error, REQUEST_MESSAGES.imageType));
      return;
    }
    setPhoto({ file, stored: result.data });
  };

  const submit = async () => {
    const common = { project_id: projectId, project_number: projectNumber, ...(photo ? { image_path: photo.stored.path } : {}) };
    const note = (l: CartLine) => l.notes.trim() || null;
    const payload =
      type === 'Material'
        ? { ...common, pick_list: lines.map((l) => ({ part_number: l.number, part_name: l.name, qty: l.qty, status: 'requested', notes: note(l) })) }
        : { ...common, pick_list: lines.map((l) => ({ asset_number: l.number, asset_name: l.name, qty: l.qty, status: 'requested', notes: note(l) })) };
    const idempotencyKey = idempotency.keyFor({ type, ...payload });
    const result =
      type === 'Material'
        ? await submitMaterial({ ...(payload as Parameters<typeof submitMaterial>[0]), idempotencyKey })
        : await submitAsset({ ...(payload as Parameters<typeof submitAsset>[0]), idempotencyKey });
    idempotency.settle(result.error);
    // Kept on this device while offline: it has no number yet; the list shows it as not yet sent.
    if (savedOnDevice(result.data)) {
      setLines([]);
      setPhoto(null);
      return;
    }
    if (result.error || !result.data) {
      toast.error(messageOr(result.error, REQUEST_MESSAGES.submitFailed));
      return;
    }
    toast.success(`Request R-${result.data.num} submitted`);
    setLines([]);
    setPhoto(null);
    onSubmitted(result.data.id);
  };

  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={4}>New request</Title>
          <SegmentedControl
            aria-label="Request type"
            data={['Material', 'Asset']}
            value={type}
            disabled={lines.length > 0}
            onChange={(value) => {
              setType(value as RequestType);
              setText('');
              setSearch('');
              setChosen(null);
            }}
          />
        </Group>
        {lines.length > 0 && (
          <Text size="xs" c="dimmed">
            One request holds one type: submit or empty the list to switch.
          </Text>
        )}
        <Group align="start" gap="sm" wrap="wrap">
          <Autocomplete
            label={type === 'Material' ? 'Search parts' : 'Search assets'}
            placeholder="Type 2 or more characters"
            style={{ flex: '1 1 260px' }}
            value={text}
            onChange={(value) => {
              const picked = byLabel.get(value) ?? null;
              setText(value);
              setChosen(picked);
              if (!picked) setSearch(value);
            }}
            data={choices.map(optionLabel)}
            filter={({ options }) => options}
            limit={10}
            description={chosen ? undefined : search.trim().length > 0 && !searchReady(search) ? TYPE_TWO_CHARACTERS : searching ? 'Searching…' : undefined}
            error={!chosen && ready && !searching && choices.length === 0 && search === debounced ? `No ${noun} matches "${debounced.trim()}"` : undefined}
          />
          <NumberInput label="Quantity" min={1} allowDecimal={false} allowNegative={false} value={qty} onChange={setQty} w={110} error={qtyProblem} />
          <TextInput label="Notes (optional)" value={notes} onChange={(e) => setNotes(e.currentTarget.value)} style={{ flex: '1 1 200px' }} />
        </Group>
        <Group>
          <Button variant="light" onClick={add} disabled={!chosen || qtyProblem !== null}>
            Add to request
          </Button>
        </Group>
        {lines.length === 0 ? (
          <Text c="dimmed" size="sm">
            The request list is empty: search for a {noun}, set a quantity and add it.
          </Text>
        ) : (
          <div style={{ overflowX: 'auto' }}>
            <Table striped withTableBorder aria-label="Request list" miw={320}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{type === 'Material' ? 'Part' : 'Asset'}</Table.Th>
                  <Table.Th ta="right">Qty</Table.Th>
                  <Table.Th>Notes</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {lines.map((line) => (
                  <Table.Tr key={line.number} data-part={line.number}>
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        {line.number}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {line.name}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">{line.qty}</Table.Td>
                    <Table.Td>
                      <TextInput
                        size="xs"
                        aria-label={`Notes for ${line.number}`}
                        value={line.notes}
                        onChange={(e) => {
                          const value = e.currentTarget.value;
                          setLines((current) => current.map((l) => (l.number === line.number ? { ...l, notes: value } : l)));
                        }}
                      />
                    </Table.Td>
                    <Table.Td ta="right">
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Remove ${line.number}`}
                        onClick={() => setLines((current) => current.filter((l) => l.number !== line.number))}
                      >
                        ×
                      </ActionIcon>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </div>
        )}
        <Group justify="space-between" align="end" wrap="wrap">
          <Group gap="xs" align="end" wrap="wrap">
            <FileInput
              label="Photo (optional)"
              placeholder="Choose a photo"
              accept={REQUEST_IMAGE_TYPES.join(',')}
              clearable
              value={photo?.file ?? null}
              onChange={(file) => void choosePhoto(file)}
              error={photoError}
              disabled={uploading.isLoading}
              w={220}
            />
            {photo && (
              <Anchor href={photo.stored.signed_url} target="_blank" rel="noreferrer" size="sm" pb={8}>
                View photo
              </Anchor>
            )}
          </Group>
          <Button onClick={() => void submit()} disabled={lines.length === 0 || uploading.isLoading} loading={material.isLoading || asset.isLoading}>
            Submit Request
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
