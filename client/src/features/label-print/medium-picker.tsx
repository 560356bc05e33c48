/**
 * The medium of a print: Avery sheets, thermal rolls, the site's saved media or a custom one, with
 * its numbers below. Global admins keep media for everyone: save the current one by name, or
 * delete a saved one.
 */
import { Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { MEDIUM_PRESETS, type SavedMedium } from '@contract/label-media.ts';
import { useState } from 'react';
import { messageOr } from '../../api/error-message.ts';
import { CUSTOM_ROLL, CUSTOM_SHEET, savedChoice } from './medium-draft.ts';
import { MediumEditor } from './medium-editor.tsx';
import { useDeleteSavedMediumMutation, useSaveMediumMutation } from './label-print-api.ts';
import type { MediumChoice } from './use-medium-choice.ts';

interface MediumPickerProps {
  state: MediumChoice;
  saved: readonly SavedMedium[];
  /** Whether this person may save and delete the site's media (global admins). */
  canKeepMedia: boolean;
  /** The server's message about one of the medium's fields, by field. */
  refused?: Partial<Record<string, string>>;
}

function choices(saved: readonly SavedMedium[]) {
  const presets = (kind: 'sheet' | 'roll') => MEDIUM_PRESETS.filter((p) => p.medium.kind === kind).map((p) => ({ value: p.id, label: p.name }));
  return [
    { group: 'Sheets', items: presets('sheet') },
    { group: 'Thermal rolls', items: presets('roll') },
    ...(saved.length > 0 ? [{ group: 'Saved', items: saved.map((s) => ({ value: savedChoice(s.id), label: s.name })) }] : []),
    {
      group: 'Custom',
      items: [
        { value: CUSTOM_SHEET, label: 'Custom sheet…' },
        { value: CUSTOM_ROLL, label: 'Custom roll…' },
      ],
    },
  ];
}

function SaveMedium({ state, onDone }: { state: MediumChoice; onDone: (saved: SavedMedium) => void }) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [save, { isLoading }] = useSaveMediumMutation();
  const submit = async () => {
    if (!state.check.ok) return;
    if (!name.trim()) {
      setError('Media name is required.');
      return;
    }
    const answer = await save({ name: name.trim(), medium: state.check.medium });
    if ('error' in answer) setError(messageOr(answer.error, 'The media could not be saved.'));
    else onDone(answer.data);
  };
  return (
    <Group align="flex-start" gap="xs" wrap="nowrap">
      <TextInput
        size="xs"
        label="Media name"
        placeholder="Shelf labels, 4 across"
        style={{ flex: 1 }}
        value={name}
        error={error}
        maxLength={100}
        onChange={(e) => {
          setName(e.currentTarget.value);
          setError(null);
        }}
      />
      <Button size="xs" mt={22} onClick={() => void submit()} loading={isLoading} disabled={!state.check.ok}>
        Save
      </Button>
    </Group>
  );
}

export function MediumPicker({ state, saved, canKeepMedia, refused = {} }: MediumPickerProps) {
  const [saving, setSaving] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [remove, { isLoading: deleting }] = useDeleteSavedMediumMutation();
  const chosenSaved = saved.find((s) => savedChoice(s.id) === state.choice);
  const errors = state.check.ok ? refused : { ...refused, ...state.check.errors };

  const deleteChosen = async () => {
    if (!chosenSaved) return;
    const answer = await remove(chosenSaved.id);
    setConfirmDelete(false);
    if ('error' in answer) setDeleteError(messageOr(answer.error, 'The media could not be deleted.'));
    else state.choose(state.draft.kind === 'sheet' ? CUSTOM_SHEET : CUSTOM_ROLL);
  };

  return (
    <Stack gap="xs">
      <Select
        label="Medium"
        data={choices(saved)}
        value={state.choice}
        allowDeselect={false}
        maxDropdownHeight={320}
        comboboxProps={{ withinPortal: true }}
        onChange={(value) => {
          if (!value) return;
          state.choose(value);
          setConfirmDelete(false);
          setDeleteError(null);
        }}
      />
      <MediumEditor draft={state.draft} errors={errors} onChange={state.edit} onUnit={state.changeUnit} />
      {canKeepMedia && (
        <Stack gap={4}>
          <Group gap="xs">
            <Button size="compact-xs" variant="subtle" onClick={() => setSaving((s) => !s)} disabled={!state.check.ok}>
              Save media…
            </Button>
            {chosenSaved && !confirmDelete && (
              <Button size="compact-xs" variant="subtle" color="red" onClick={() => setConfirmDelete(true)}>
                Delete saved media
              </Button>
            )}
            {chosenSaved && confirmDelete && (
              <>
                <Text size="xs">Delete “{chosenSaved.name}” for everyone?</Text>
                <Button size="compact-xs" color="red" loading={deleting} onClick={() => void deleteChosen()}>
                  Delete
                </Button>
                <Button size="compact-xs" variant="default" onClick={() => setConfirmDelete(false)}>
                  Keep
                </Button>
              </>
            )}
          </Group>
          {deleteError && (
            <Text size="xs" c="red">
              {deleteError}
            </Text>
          )}
          {saving && (
            <SaveMedium
              state={state}
              onDone={(item) => {
                setSaving(false);
                state.chooseSaved(item);
              }}
            />
          )}
        </Stack>
      )}
    </Stack>
  );
}
