/**
 * Counts of the current project (/dashboard/counts) and of a warehouse (/warehouses/counts): the
 * sessions by state, with the reports beside them (counts due, last counted). Counters see the
 * counts they were given; the project's admins and managers (global admins for a warehouse) open
 * new ones.
 */
import { Alert, Button, Group, SegmentedControl, Stack, Tabs, Text } from '@mantine/core';
import { useState } from 'react';
import type { CountLocation, CountStatus } from '@contract/counts.ts';
import { useNavigate } from 'react-router-dom';
import { messageOr } from '../../api/error-message.ts';
import { NoData } from '../../components/no-data.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { type WarehouseChoice, WarehouseBody, WarehouseHeader, warehouseScreen } from '../../components/warehouse-select.tsx';
import { useAppSelector } from '../../shared/hooks.ts';
import { ProjectPicker } from '../../shared/projects/project-picker.tsx';
import { useCurrentProjectSync } from '../../shared/projects/use-current-project-sync.ts';
import { actsAsProjectAdminOrManager, canUseWarehouses } from '../../shared/session/permissions.ts';
import { selectSession } from '../../shared/session/session-selectors.ts';
import { CountSummaryCard, STATUS_LABELS } from './count-summary-view.tsx';
import { useListCountsQuery } from './counts-api.ts';
import { CountsDueReport, LastCountedReport } from './counts-reports.tsx';
import { NewCountDialog } from './new-count-dialog.tsx';

type Shown = CountStatus | 'all';
const SHOWN_CHOICES = [
  { value: 'open', label: STATUS_LABELS.open },
  { value: 'posted', label: STATUS_LABELS.posted },
  { value: 'cancelled', label: STATUS_LABELS.cancelled },
  { value: 'all', label: 'All' },
];
const EMPTY: Record<Shown, string> = {
  open: 'No open counts.',
  posted: 'No posted counts yet.',
  cancelled: 'No cancelled counts.',
  all: 'No counts yet.',
};

function CountsList({ at, canOpen }: { at: CountLocation; canOpen: boolean }) {
  const [shown, setShown] = useState<Shown>('open');
  const list = useListCountsQuery({ at, ...(shown === 'all' ? {} : { status: shown }) }, { refetchOnMountOrArgChange: true });
  return (
    <Stack gap="sm">
      <SegmentedControl aria-label="Show counts" data={SHOWN_CHOICES} value={shown} onChange={(v) => setShown(v as Shown)} />
      {list.error ? (
        <Alert color="red" role="alert">
          {messageOr(list.error, 'The counts could not be loaded.')}
        </Alert>
      ) : list.isSuccess && list.data.length === 0 ? (
        <NoData text={canOpen && shown === 'open' ? `${EMPTY.open} Open one with “New count”.` : EMPTY[shown]} />
      ) : (
        <Stack gap="xs" role="list" aria-label="Counts">
          {(list.data ?? []).map((count) => (
            <CountSummaryCard key={count.id} count={count} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function CountsBody({ at, canOpen }: { at: CountLocation; canOpen: boolean }) {
  const [creating, setCreating] = useState(false);
  const navigate = useNavigate();
  return (
    <Stack gap="sm">
      {canOpen && (
        <Group>
          <Button onClick={() => setCreating(true)}>New count</Button>
        </Group>
      )}
      <Tabs defaultValue="counts" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="counts">Counts</Tabs.Tab>
          <Tabs.Tab value="due">Counts due</Tabs.Tab>
          <Tabs.Tab value="last">Last counted</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="counts" pt="sm">
          <CountsList at={at} canOpen={canOpen} />
        </Tabs.Panel>
        <Tabs.Panel value="due" pt="sm">
          <CountsDueReport />
        </Tabs.Panel>
        <Tabs.Panel value="last" pt="sm">
          <LastCountedReport at={at} />
        </Tabs.Panel>
      </Tabs>
      {creating && <NewCountDialog at={at} opened onClose={() => setCreating(false)} onCreated={(c) => navigate(`/counts/${c.id}/review`)} />}
    </Stack>
  );
}

export function ProjectCountsPage() {
  const { currentProject: project, role, currentProjectRole } = useAppSelector(selectSession);
  useCurrentProjectSync();
  return (
    <>
      <PageHeader title="Counts">
        <ProjectPicker />
      </PageHeader>
      {project ? (
        <CountsBody at={{ kind: 'project', id: project.id }} canOpen={actsAsProjectAdminOrManager({ role, projectRole: currentProjectRole })} />
      ) : (
        // A warehouse's counter may belong to no project: the counts given to them are still here.
        <Stack gap="sm">
          <Text c="dimmed">No project selected</Text>
          <Text fw={600}>Counts due</Text>
          <CountsDueReport />
        </Stack>
      )}
    </>
  );
}

function WarehouseCounts({ choice }: { choice: WarehouseChoice }) {
  const { role } = useAppSelector(selectSession);
  return (
    <>
      <WarehouseHeader title="Warehouse Counts" choice={choice} />
      <WarehouseBody choice={choice} empty="No warehouses yet">
        {(warehouse) => <CountsBody at={{ kind: 'warehouse', id: warehouse.id }} canOpen={canUseWarehouses(role)} />}
      </WarehouseBody>
    </>
  );
}

export const WarehouseCountsPage = warehouseScreen('Warehouse Counts', WarehouseCounts);
