/**
 * "New count": its name, what to count (everything, a filter, or a cycle set the product proposes)
 * with a live preview of the plan as the server would make it, assets or not, a due date, the
 * counters (any member of the project, plain users included), blind (the default) and double count.
 */
import { Alert, Button, Checkbox, Group, List, MultiSelect, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import {
  COUNT_LIMITS,
  COUNT_MESSAGES,
  type CountLocation,
  type CountPlanAnswer,
  type CountPlanBody,
  type CountScope,
  CYCLE_STRATEGIES,
  CYCLE_STRATEGY_LABELS,
  type CycleStrategy,
} from '@contract/counts.ts';
import { messageOr } from '../../api/error-message.ts';
import { useGetProjectUsersQuery } from '../../api/projects-api.ts';
import { AppModal } from '../../components/app-modal.tsx';
import { FailureAlert } from '../../components/failure-alert.tsx';
import { UserMultiPicker } from '../../components/user-picker.tsx';
import { personName } from '../../shared/format.ts';
import { toast } from '../../shared/toast.ts';
import { type CountSummary, useCreateCountMutation, usePlanCountQuery } from './counts-api.ts';

type ScopeKind = CountScope['kind'];
const SCOPE_CHOICES = [
  { value: 'all', label: 'Everything' },
  { value: 'filter', label: 'Filter' },
  { value: 'cycle', label: 'Cycle set' },
];
const PREVIEWED = 5;

interface Draft {
  kind: ScopeKind;
  prefix: string;
  place: string;
  below: boolean;
  strategy: CycleStrategy;
  size: string;
  assets: boolean;
}

function scopeOf(d: Draft): CountScope {
  if (d.kind === 'all') return { kind: 'all' };
  if (d.kind === 'cycle') return { kind: 'cycle', strategy: d.strategy, size: Number(d.size) };
  return {
    kind: 'filter',
    ...(d.prefix.trim() ? { part_prefix: d.prefix.trim() } : {}),
    ...(d.place.trim() ? { place: d.place.trim() } : {}),
    ...(d.below ? { below_threshold: true } : {}),
  };
}

/** The project's members as counters; a warehouse's counters are searched among all users. */
export function CountersField({ at, value, onChange }: { at: CountLocation; value: string[]; onChange: (ids: string[]) => void }) {
  const members = useGetProjectUsersQuery(at.id, { skip: at.kind !== 'project' });
  if (at.kind === 'warehouse') return <UserMultiPicker label="Counters" value={value} onChange={onChange} exclude={new Set()} />;
  return (
    <MultiSelect
      label="Counters"
      placeholder={value.length === 0 ? 'Pick the members who count' : undefined}
      data={(members.data ?? []).map((m) => ({ value: m.user_id, label: `${personName(m)} (${m.project_role})` }))}
      value={value}
      onChange={onChange}
      searchable
      nothingFoundMessage={members.isLoading ? 'Loading...' : 'No member matches'}
      maxValues={COUNT_LIMITS.counters}
    />
  );
}

interface PlanState {
  data?: CountPlanAnswer | undefined;
  error?: Parameters<typeof messageOr>[0];
  isFetching: boolean;
}

function PlanPreview({ plan }: { plan: PlanState }) {
  if (plan.error) return <Alert color="yellow">{messageOr(plan.error, COUNT_MESSAGES.noLines)}</Alert>;
  if (!plan.data)
    return (
      <Text size="sm" c="dimmed">
        {plan.isFetching ? 'Working out what to count…' : ''}
      </Text>
    );
  const { total, items } = plan.data;
  return (
    <Stack gap={4} aria-label="Plan preview">
      <Text size="sm" fw={700} data-testid="plan-total">
        {total.toLocaleString()} {total === 1 ? 'line' : 'lines'}
      </Text>
      {total === 0 ? (
        <Text size="sm" c="dimmed">
          {COUNT_MESSAGES.noLines}
        </Text>
      ) : (
        <List size="sm" spacing={2}>
          {items.slice(0, PREVIEWED).map((line) => (
            <List.Item key={`${line.material_id ?? line.instance_id}@${line.place_label ?? ''}`}>
              {line.part_number ?? `${line.asset_number ?? ''} ${line.serial_number ?? ''}`}
              {line.place_label ? ` · ${line.place_label}` : ''}
            </List.Item>
          ))}
          {total > PREVIEWED && <List.Item>…and {(total - PREVIEWED).toLocaleString()} more</List.Item>}
        </List>
      )}
    </Stack>
  );
}

interface NewCountDialogProps {
  at: CountLocation;
  opened: boolean;
  onClose: () => void;
  onCreated?: (count: CountSummary) => void;
}

export function NewCountDialog({ at, opened, onClose, onCreated }: NewCountDialogProps) {
  const [name, setName] = useState('');
  const [draft, setDraft] = useState<Draft>({ kind: 'all', prefix: '', place: '', below: false, strategy: 'oldest', size: '50', assets: false });
  const [due, setDue] = useState('');
  const [counters, setCounters] = useState<string[]>([]);
  const [blind, setBlind] = useState(true);
  const [double, setDouble] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [create, creating] = useCreateCountMutation();
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));

  const planBody: CountPlanBody = { location: at, scope: scopeOf(draft), include_assets: draft.assets };
  const [debounced] = useDebouncedValue(planBody, 300);
  const plan = usePlanCountQuery(debounced, { skip: !opened });

  const submit = async () => {
    setFailure(null);
    const result = await create({ ...planBody, name: name.trim(), due_date: due || null, counters, blind, double_count: double });
    if (result.error) {
      setFailure(messageOr(result.error, 'The count could not be opened.'));
      return;
    }
    toast.success(`Count “${result.data.name}” opened`);
    onCreated?.(result.data);
    onClose();
  };

  return (
    <AppModal opened={opened} onClose={onClose} title="New count">
      <Stack gap="sm">
        <FailureAlert failure={failure} />
        <TextInput label="Name" value={name} onChange={(e) => setName(e.currentTarget.value)} maxLength={COUNT_LIMITS.name} data-autofocus />
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            What to count
          </Text>
          <SegmentedControl aria-label="What to count" data={SCOPE_CHOICES} value={draft.kind} onChange={(v) => set({ kind: v as ScopeKind })} fullWidth />
        </Stack>
        {draft.kind === 'filter' && (
          <Stack gap="xs">
            <TextInput label="Part number prefix" value={draft.prefix} onChange={(e) => set({ prefix: e.currentTarget.value })} />
            <TextInput
              label="Location"
              description="Rack, shelf, bin or zone containing this"
              value={draft.place}
              onChange={(e) => set({ place: e.currentTarget.value })}
            />
            <Checkbox label="Only parts at or below their low threshold" checked={draft.below} onChange={(e) => set({ below: e.currentTarget.checked })} />
          </Stack>
        )}
        {draft.kind === 'cycle' && (
          <Group gap="xs" grow>
            <Select
              label="Strategy"
              data={CYCLE_STRATEGIES.map((s) => ({ value: s, label: CYCLE_STRATEGY_LABELS[s] }))}
              value={draft.strategy}
              onChange={(v) => v && set({ strategy: v as CycleStrategy })}
              allowDeselect={false}
            />
            <TextInput label="Size" inputMode="numeric" value={draft.size} onChange={(e) => set({ size: e.currentTarget.value })} />
          </Group>
        )}
        <Checkbox label="Also count serialized assets" checked={draft.assets} onChange={(e) => set({ assets: e.currentTarget.checked })} />
        <PlanPreview plan={plan} />
        <TextInput label="Due date" type="date" value={due} onChange={(e) => setDue(e.currentTarget.value)} />
        <CountersField at={at} value={counters} onChange={setCounters} />
        <Checkbox
          label="Blind count"
          description="Counters never see the quantity the books expect"
          checked={blind}
          onChange={(e) => setBlind(e.currentTarget.checked)}
        />
        <Checkbox
          label="Double count"
          description="Every line is counted by two different people"
          checked={double}
          onChange={(e) => setDouble(e.currentTarget.checked)}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => void submit()} loading={creating.isLoading}>
            Open count
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
