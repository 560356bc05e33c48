/**
 * The New Transfer Request wizard (spec 02 §2.3, §5): 1 the request type (materials); 2 the source
 * project (any project not hidden from transfers, other than this one; fixed while the pick list has
 * items), the item search, a quantity and the pick list (adding a part already on it raises its
 * quantity); 3 the delivery method, with a shipping address for label; 4 review and Submit, disabled
 * while submitting and enabled again after a failure.
 */
import { Alert, Button, Group, Loader, NumberInput, Radio, Select, SimpleGrid, Stack, Stepper, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { skipToken } from '@reduxjs/toolkit/query';
import { useState } from 'react';
import { TRANSFER_DEFAULT_QUANTITY, TRANSFER_ERRORS, TRANSFER_SEARCH_MIN, type DeliveryMethod, type ShippingAddress } from '@contract/transfers.ts';
import { messageOr } from '../../api/error-message.ts';
import { AppModal } from '../../components/app-modal.tsx';
import { toast } from '../../shared/toast.ts';
import { itemLabel, nextItemQuery } from './item-search.ts';
import { addToPickList, type DraftItem } from './transfer-rules.ts';
import {
  type SourceItem,
  useCreateTransferMutation,
  useNotifyTransferMutation,
  useProjectsHoldingQuery,
  useSourceItemsQuery,
  useSourceProjectsQuery,
} from './transfers-api.ts';

const EMPTY_ADDRESS: ShippingAddress = { attn: '', name: '', line1: '', line2: '', city: '', state: '', zip: '' };
const ADDRESS_FIELDS: Array<[keyof ShippingAddress, string, boolean]> = [
  ['attn', 'Attn', false],
  ['name', 'Name', true],
  ['line1', 'Address line 1', true],
  ['line2', 'Address line 2', false],
  ['city', 'City', true],
  ['state', 'State', true],
  ['zip', 'Zip', true],
];

interface Props {
  projectId: string;
  onClose: () => void;
  onCreated: (id: string) => void;
}

export function TransferWizard({ projectId, onClose, onCreated }: Props) {
  const [active, setActive] = useState(0);
  const [fromId, setFromId] = useState<string | null>(null);
  const [pickList, setPickList] = useState<DraftItem[]>([]);
  const [method, setMethod] = useState<DeliveryMethod>('pickup');
  const [address, setAddress] = useState<ShippingAddress>(EMPTY_ADDRESS);
  const [create, createState] = useCreateTransferMutation();
  const [notify] = useNotifyTransferMutation();
  const [error, setError] = useState<string | null>(null);
  const sources = useSourceProjectsQuery();
  const from = sources.data?.find((p) => p.id === fromId);
  const addressComplete = ADDRESS_FIELDS.every(([key, , required]) => !required || address[key].trim() !== '');
  const canNext = [true, Boolean(fromId) && pickList.length > 0, method === 'pickup' || addressComplete, true][active];

  async function submit() {
    setError(null);
    const result = await create({
      Type: 'materials',
      FromID: fromId!,
      ToID: projectId,
      PickList: pickList.map((i) => ({ part_number: i.part_number, qty: i.qty })),
      DeliveryMethod: method,
      shipping_address: method === 'label' ? address : null,
    });
    if ('error' in result) {
      setError(messageOr(result.error, TRANSFER_ERRORS.create));
      return;
    }
    toast.success('Transfer request submitted');
    // The source project's admins hear of it by e-mail.
    void notify(result.data.id);
    onCreated(result.data.id);
  }

  return (
    <AppModal opened onClose={onClose} title="New Transfer Request" size="xl">
      <Stack gap="md">
        <Stepper active={active} size="xs" allowNextStepsSelect={false} onStepClick={(i) => i < active && setActive(i)}>
          <Stepper.Step label="Type" />
          <Stepper.Step label="Items" />
          <Stepper.Step label="Delivery" />
          <Stepper.Step label="Review" />
        </Stepper>
        {active === 0 && (
          <Radio.Group label="Request type" value="materials">
            <Radio value="materials" label="Materials" mt="xs" />
          </Radio.Group>
        )}
        {active === 1 && (
          <ItemsStep
            projectId={projectId}
            fromId={fromId}
            onFrom={setFromId}
            sources={(sources.data ?? []).filter((p) => p.id !== projectId)}
            pickList={pickList}
            onPickList={setPickList}
          />
        )}
        {active === 2 && (
          <Stack gap="sm">
            <Radio.Group label="Delivery method" value={method} onChange={(v) => setMethod(v as DeliveryMethod)}>
              <Group mt="xs">
                <Radio value="pickup" label="Pickup" />
                <Radio value="label" label="Label (ship to an address)" />
              </Group>
            </Radio.Group>
            {method === 'label' && (
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                {ADDRESS_FIELDS.map(([key, label, required]) => (
                  <TextInput
                    key={key}
                    label={label}
                    required={required}
                    value={address[key]}
                    onChange={(e) => setAddress({ ...address, [key]: e.currentTarget.value })}
                  />
                ))}
              </SimpleGrid>
            )}
          </Stack>
        )}
        {active === 3 && (
          <Stack gap="xs" aria-label="Review">
            <Text>
              From <b>{from ? from.project_name : ''}</b> · {pickList.length} item(s) · {method === 'label' ? 'Label' : 'Pickup'}
            </Text>
            {method === 'label' && (
              <Text size="sm" c="dimmed">
                {ADDRESS_FIELDS.map(([key]) => address[key].trim())
                  .filter(Boolean)
                  .join(', ')}
              </Text>
            )}
            <PickListTable items={pickList} />
            {error && (
              <Alert color="red" role="alert">
                {error}
              </Alert>
            )}
          </Stack>
        )}
        <Group justify="space-between">
          <Button variant="default" onClick={() => (active === 0 ? onClose() : setActive(active - 1))}>
            {active === 0 ? 'Cancel' : 'Back'}
          </Button>
          {active < 3 ? (
            <Button disabled={!canNext} onClick={() => setActive(active + 1)}>
              Next
            </Button>
          ) : (
            <Button loading={createState.isLoading} disabled={createState.isLoading} onClick={() => void submit()}>
              Submit
            </Button>
          )}
        </Group>
      </Stack>
    </AppModal>
  );
}

interface ItemsStepProps {
  projectId: string;
  fromId: string | null;
  onFrom: (id: string | null) => void;
  sources: Array<{ id: string; project_name: string; project_number: string }>;
  pickList: DraftItem[];
  onPickList: (list: DraftItem[]) => void;
}

function ItemsStep({ projectId, fromId, onFrom, sources, pickList, onPickList }: ItemsStepProps) {
  const [find, setFind] = useState('');
  const [debouncedFind] = useDebouncedValue(find.trim(), 250);
  const holding = useProjectsHoldingQuery(debouncedFind.length >= TRANSFER_SEARCH_MIN ? debouncedFind : skipToken);
  // The item box shows `search`; the source's parts are searched with `query`, what was typed.
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const [debouncedQuery] = useDebouncedValue(query.trim(), 250);
  const items = useSourceItemsQuery(fromId ? { projectId: fromId, q: debouncedQuery } : skipToken);
  const found = items.data ?? [];
  const [chosen, setChosen] = useState<SourceItem | null>(null);
  const [qty, setQty] = useState<number | string>(TRANSFER_DEFAULT_QUANTITY);
  const offered =
    holding.data && debouncedFind.length >= TRANSFER_SEARCH_MIN ? sources.filter((p) => holding.data!.includes(p.id) && p.id !== projectId) : sources;
  const locked = pickList.length > 0;

  return (
    <Stack gap="sm">
      <TextInput
        label="Find projects holding a part"
        description="At least 2 characters"
        value={find}
        onChange={(e) => setFind(e.currentTarget.value)}
        disabled={locked}
      />
      <Select
        label="Source project"
        placeholder="Choose the project to transfer from"
        data={offered.map((p) => ({ value: p.id, label: `${p.project_number} · ${p.project_name}` }))}
        value={fromId}
        onChange={(v) => {
          onFrom(v);
          setChosen(null);
          setQuery('');
        }}
        disabled={locked}
        description={locked ? TRANSFER_ERRORS.changeProjects : undefined}
        searchable
      />
      {fromId && (
        <Group align="end" gap="sm" wrap="wrap">
          <Select
            label="Item"
            placeholder="Search the source's parts"
            searchable
            searchValue={search}
            onSearchChange={(text) => {
              setSearch(text);
              setQuery((current) => nextItemQuery(current, text, found, chosen));
            }}
            data={found.map((i) => ({ value: i.part_number, label: itemLabel(i) }))}
            value={chosen?.part_number ?? null}
            onChange={(value) => setChosen(found.find((i) => i.part_number === value) ?? null)}
            // The server has matched the text on number, name and nickname already.
            filter={({ options }) => options}
            nothingFoundMessage={items.isFetching ? 'Searching…' : query.trim() ? 'No parts match' : 'No parts on hand'}
            rightSection={items.isFetching ? <Loader size="xs" aria-label="Searching parts" /> : undefined}
            // Wide enough for a part's number, name and stock in full.
            flex="1 1 280px"
          />
          <NumberInput label="Quantity" min={1} w={110} value={qty} onChange={setQty} />
          <Button
            disabled={!chosen || !(Number(qty) >= 1) || !Number.isInteger(Number(qty))}
            onClick={() => {
              onPickList(addToPickList(pickList, { part_number: chosen!.part_number, part_name: chosen!.part_name, qty: Number(qty) }));
              setChosen(null);
              setQty(TRANSFER_DEFAULT_QUANTITY);
            }}
          >
            Add item
          </Button>
        </Group>
      )}
      <PickListTable items={pickList} onRemove={(n) => onPickList(pickList.filter((i) => i.part_number !== n))} />
    </Stack>
  );
}

function PickListTable({ items, onRemove }: { items: DraftItem[]; onRemove?: (partNumber: string) => void }) {
  if (items.length === 0) return <Text c="dimmed">The pick list is empty.</Text>;
  return (
    <Table withTableBorder aria-label="Pick list">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Part</Table.Th>
          <Table.Th>Name</Table.Th>
          <Table.Th ta="right">Qty</Table.Th>
          {onRemove && <Table.Th />}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((i) => (
          <Table.Tr key={i.part_number}>
            <Table.Td>{i.part_number}</Table.Td>
            <Table.Td>{i.part_name}</Table.Td>
            <Table.Td ta="right">{i.qty}</Table.Td>
            {onRemove && (
              <Table.Td ta="right">
                <Button size="compact-xs" variant="subtle" color="red" onClick={() => onRemove(i.part_number)}>
                  Remove
                </Button>
              </Table.Td>
            )}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
