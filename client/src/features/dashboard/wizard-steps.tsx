/** The content of each wizard step; the wizard itself (stock-wizard.tsx) moves between them. */
import { Alert, Group, Radio, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { CatalogPart, InventoryRow } from '../../api/material-types.ts';
import { PartPicker } from '../../components/part-picker.tsx';
import type { StockAction, WizardErrors, WizardValues } from './wizard-rules.ts';
import { NewPartFields } from '../../components/new-part-fields.tsx';
import { LIST_USERS_FAILED } from '../../shared/messages.ts';

export interface StepProps {
  values: WizardValues;
  set: (patch: Partial<WizardValues>) => void;
  errors: WizardErrors;
}

function QuantityInput({ values, set, errors, description }: StepProps & { description?: string }) {
  return (
    <TextInput
      label="Quantity"
      inputMode="numeric"
      value={values.quantity}
      onChange={(event) => set({ quantity: event.currentTarget.value })}
      error={errors.quantity}
      description={description}
      w={{ base: '100%', xs: 200 }}
    />
  );
}

export function ModeStep({ values, set }: StepProps) {
  return (
    <Radio.Group
      label="Is this part already in the catalogue?"
      value={values.mode}
      onChange={(mode) => set({ mode: mode === 'new' ? 'new' : 'existing', partNumber: '', partName: '', nickname: '' })}
    >
      <Stack gap="xs" mt="xs">
        <Radio.Card value="existing" p="md" radius="md">
          <Group wrap="nowrap" align="flex-start">
            <Radio.Indicator />
            <div>
              <Text fw={600}>Existing part</Text>
              <Text size="sm" c="dimmed">
                Receive more of a part number the catalogue already has.
              </Text>
            </div>
          </Group>
        </Radio.Card>
        <Radio.Card value="new" p="md" radius="md">
          <Group wrap="nowrap" align="flex-start">
            <Radio.Indicator />
            <div>
              <Text fw={600}>New part</Text>
              <Text size="sm" c="dimmed">
                Add a part number with its name and nickname, and receive it.
              </Text>
            </div>
          </Group>
        </Radio.Card>
      </Stack>
    </Radio.Group>
  );
}

export function ReceiveDetailsStep({ catalog, ...props }: StepProps & { catalog: readonly CatalogPart[] }) {
  const { values, set, errors } = props;
  if (values.mode === 'existing') {
    const part = catalog.find((p) => p.part_number === values.partNumber.trim());
    return (
      <Stack gap="sm">
        <PartPicker
          label="Part Number"
          parts={catalog}
          value={values.partNumber}
          onChange={(partNumber) => set({ partNumber })}
          error={errors.partNumber}
          description={part ? `${part.part_name}${part.part_nickname ? ` · ${part.part_nickname}` : ''}` : undefined}
        />
        <QuantityInput {...props} />
      </Stack>
    );
  }
  return (
    <Stack gap="sm">
      {typeof errors.form === 'string' && (
        <Alert color="red" role="alert">
          {errors.form}
        </Alert>
      )}
      <NewPartFields values={values} errors={errors} onChange={set} />
      <QuantityInput {...props} />
    </Stack>
  );
}

export function PartStep({ action, rows, ...props }: StepProps & { action: StockAction; rows: readonly InventoryRow[] }) {
  const { values, set, errors } = props;
  const row = rows.find((r) => r.PartNumber === values.partNumber.trim());
  const summary = row ? `${row.PartName} · on hand ${row.QtyOnHand} · field assigned ${row.FieldAssigned}` : undefined;
  return (
    <Stack gap="sm">
      <PartPicker
        label="Part Number"
        parts={rows}
        value={values.partNumber}
        onChange={(partNumber) => set({ partNumber, userId: null })}
        error={errors.partNumber}
        description={summary}
      />
      {action === 'return' && <QuantityInput {...props} description={row ? `At most ${row.QtyOnHand} (on hand)` : undefined} />}
    </Stack>
  );
}

export interface UserChoice {
  value: string;
  label: string;
  /** The name alone, for the summary and the toast. */
  name: string;
}

export function UserStep({
  action,
  users,
  usersState,
  limitText,
  ...props
}: StepProps & { action: StockAction; users: UserChoice[]; usersState: 'loading' | 'failed' | 'ready'; limitText?: string }) {
  const { values, set, errors } = props;
  const assign = action === 'assign';
  const empty = usersState === 'ready' && users.length === 0;
  return (
    <Stack gap="sm">
      <Select
        label={assign ? 'Assign to' : 'Unassign from'}
        placeholder={usersState === 'loading' ? 'Loading...' : 'Choose a user'}
        data={users}
        value={values.userId}
        onChange={(userId) => set({ userId })}
        searchable
        nothingFoundMessage="No users match"
        error={errors.userId}
        disabled={usersState !== 'ready' || empty}
      />
      {usersState === 'failed' && (
        <Text size="sm" c="red">
          {LIST_USERS_FAILED}
        </Text>
      )}
      {empty && (
        <Text size="sm" c="dimmed">
          {assign ? 'This project has no members to assign to.' : 'Nobody has this part assigned.'}
        </Text>
      )}
      <QuantityInput {...props} description={limitText} />
    </Stack>
  );
}

export function BinStep({ values, set, errors }: StepProps) {
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        This project manages logistics: say where the returned parts are put away.
      </Text>
      <SimpleGrid cols={2} spacing="sm">
        <TextInput label="Rack" value={values.rack} onChange={(e) => set({ rack: e.currentTarget.value })} error={errors.rack} />
        <TextInput label="Shelf" value={values.shelf} onChange={(e) => set({ shelf: e.currentTarget.value })} />
      </SimpleGrid>
    </Stack>
  );
}
