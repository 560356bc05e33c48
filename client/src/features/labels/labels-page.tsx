/**
 * The Label Database (/labels, spec 02 §2.10, §4.5): a project's labels searched, filtered and
 * paged; rows selected and printed, or copied into the Selected Labels drawer and exported or
 * printed from there; imported and deleted by admins.
 */
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useMemo, useState } from 'react';
import { DEFAULT_LABEL_PAGE_SIZE, deleteConfirmText, type ExportFormat, type Label, LABEL_MESSAGES, LABEL_SEARCH_DEBOUNCE_MS } from '@contract/labels.ts';
import { downloadBlob } from '../../api/download.ts';
import { messageOr } from '../../api/error-message.ts';
import { useDeleteLabelsMutation, useExportLabelsMutation, useGetLabelFiltersQuery } from '../../api/labels-api.ts';
import { useLinkedSearch } from '../../shared/deep-link.ts';
import { useAppSelector } from '../../shared/hooks.ts';
import { ProjectPicker } from '../../shared/projects/project-picker.tsx';
import { useCurrentProjectSync } from '../../shared/projects/use-current-project-sync.ts';
import { isGlobalAdmin } from '../../shared/session/permissions.ts';
import { selectCurrentProject, selectRole } from '../../shared/session/session-selectors.ts';
import { toast } from '../../shared/toast.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PrintLabelsButton } from '../../components/codes/print-selection.tsx';
import { ClearSelectionDialog } from './clear-selection-dialog.tsx';
import { ExportDialog } from './export-dialog.tsx';
import { buildFileLocally } from './label-export-file.ts';
import { clampPage, offsetOf, pageCount } from './label-paging.ts';
import { addToDrawer, emptySelection, lineColumnCount, removeFromDrawer, type RowSelection } from './label-selection.ts';
import { LabelTable } from './label-table.tsx';
import { LabelFilters, LabelPager } from './label-toolbar.tsx';
import { SelectedDrawer } from './selected-drawer.tsx';
import { useLabelSearch } from './use-label-search.ts';
import { DialogSuspense, lazyNamed } from '../../components/lazy-named.tsx';

// The import wizard (templates, file reading, the job) loads on the first "Import"; once open it
// stays mounted, so an import under way keeps its progress when the dialog is closed.
const ImportLabelsDialog = lazyNamed(() => import('./import-labels-dialog.tsx'), 'ImportLabelsDialog');

export function LabelsPage() {
  useCurrentProjectSync();
  const project = useAppSelector(selectCurrentProject);
  const admin = isGlobalAdmin(useAppSelector(selectRole));
  return (
    <Stack gap="md">
      <PageHeader title="Label Database">
        <ProjectPicker />
      </PageHeader>
      {project ? (
        <LabelDatabase key={project.id} projectId={project.id} admin={admin} />
      ) : (
        <Paper withBorder p="xl" radius="md">
          <Text fw={700} ta="center">
            {LABEL_MESSAGES.noProjectTitle}
          </Text>
          <Text c="dimmed" ta="center" size="sm">
            {LABEL_MESSAGES.noProjectText}
          </Text>
        </Paper>
      )}
    </Stack>
  );
}

function LabelDatabase({ projectId, admin }: { projectId: string; admin: boolean }) {
  // A link (a scanned label) may bring a search.
  const [search, setSearch] = useState(useLinkedSearch());
  const [debounced] = useDebouncedValue(search, LABEL_SEARCH_DEBOUNCE_MS);
  const [system, setSystem] = useState('');
  const [clusterPod, setClusterPod] = useState('');
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState<number>(DEFAULT_LABEL_PAGE_SIZE);
  const [mainSelection, setMainSelection] = useState<RowSelection>(emptySelection);
  const [drawer, setDrawer] = useState<Label[]>([]);
  const [drawerSelection, setDrawerSelection] = useState<RowSelection>(emptySelection);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [dialog, setDialog] = useState<'export' | 'clear' | 'delete' | 'import' | null>(null);
  const [importUsed, setImportUsed] = useState(false);

  const filters = useGetLabelFiltersQuery(projectId);
  const systems = filters.data?.systems ?? [''];
  const clusterPods = filters.data?.cluster_pods ?? [''];
  const query = debounced.trim();
  // A change of the search text, a filter or the page size starts again at page 1, in the same
  // render, so no search is sent for the old page.
  const filterKey = JSON.stringify([query, system, clusterPod, limit]);
  const [seenFilters, setSeenFilters] = useState(filterKey);
  if (seenFilters !== filterKey) {
    setSeenFilters(filterKey);
    setPage(1);
  }
  const result = useLabelSearch({
    projectId,
    q: query || undefined,
    system: system || undefined,
    clusterPod: clusterPod || undefined,
    limit,
    offset: offsetOf(page, limit),
  });
  const pages = pageCount(result.total, limit);
  const [deleteLabels, deleting] = useDeleteLabelsMutation();
  const [exportLabels] = useExportLabelsMutation();

  // The page is clamped to the last one when the count shrinks (a delete, a narrower search).
  useEffect(() => {
    if (!result.loading && !result.capped) setPage((p) => clampPage(p, pages));
  }, [pages, result.loading, result.capped]);

  const inDrawer = useMemo(() => new Set(drawer.map((l) => l.id)), [drawer]);
  const shown = useMemo(() => result.items.filter((l) => !inDrawer.has(l.id)), [result.items, inDrawer]);
  const lineColumns = lineColumnCount(shown, drawer);
  const mainSelected = shown.filter((l) => mainSelection.selected.has(l.id));
  const toDelete = [...new Set([...mainSelected.map((l) => l.id), ...drawer.map((l) => l.id)])];

  const copy = (labels: Label[]) => {
    setDrawer((d) => addToDrawer(d, labels));
    setMainSelection(emptySelection());
  };
  const remove = (ids: Set<string>) => {
    setDrawer((d) => removeFromDrawer(d, ids));
    setDrawerSelection(emptySelection());
  };

  const runExport = async (format: ExportFormat, filename: string): Promise<boolean> => {
    let file: Blob;
    try {
      file = await exportLabels({ format, filename, project_id: projectId, ids: drawer.map((l) => l.id) }).unwrap();
    } catch {
      // The server could not write it: the browser builds the same file from the labels it has.
      try {
        file = await buildFileLocally(drawer, format);
      } catch {
        toast.error(LABEL_MESSAGES.exportFailed);
        return false;
      }
    }
    if (!(file instanceof Blob) || file.size === 0) {
      toast.error(LABEL_MESSAGES.invalidFileData);
      return false;
    }
    downloadBlob(filename, file);
    setDialog('clear');
    return true;
  };

  const runDelete = async () => {
    const result = await deleteLabels({ projectId, ids: toDelete });
    if ('error' in result) {
      toast.error(messageOr(result.error, LABEL_MESSAGES.deleteFailed));
      return;
    }
    const gone = new Set(toDelete);
    remove(gone);
    setMainSelection(emptySelection());
    setDialog(null);
    toast.success(`Deleted ${result.data.deleted.toLocaleString('en-US')} label(s)`);
  };

  return (
    <Stack gap="sm">
      <LabelFilters
        search={search}
        onSearch={setSearch}
        system={system}
        onSystem={setSystem}
        systems={filters.isError ? [''] : systems}
        clusterPod={clusterPod}
        onClusterPod={setClusterPod}
        clusterPods={filters.isError ? [''] : clusterPods}
      />
      <Group justify="space-between" wrap="wrap" gap="sm">
        <LabelPager
          page={page}
          pages={pages}
          capped={result.capped}
          onPage={(p) => setPage(result.capped ? Math.max(1, p) : clampPage(p, pages))}
          limit={limit}
          onLimit={setLimit}
        />
        <Group gap="xs">
          <PrintLabelsButton
            size="xs"
            count={mainSelected.length}
            source={() => ({ kind: 'labels', project_id: projectId, ids: mainSelected.map((l) => l.id) })}
            templateProjectId={projectId}
          />
          {admin && (
            <>
              <Button
                size="xs"
                variant="light"
                onClick={() => {
                  setImportUsed(true);
                  setDialog('import');
                }}
              >
                Import Labels
              </Button>
              <Button size="xs" color="red" variant="light" disabled={toDelete.length === 0} onClick={() => setDialog('delete')}>
                Delete Labels
              </Button>
            </>
          )}
        </Group>
      </Group>
      <Text size="xs" c="dimmed" aria-live="polite">
        {result.loading ? 'Loading…' : `${result.total.toLocaleString('en-US')}${result.capped ? '+' : ''} label(s)`}
      </Text>
      <LabelTable
        label="Labels"
        labels={shown}
        lineColumns={lineColumns}
        selection={mainSelection}
        onSelectionChange={setMainSelection}
        emptyText={result.loading ? 'Loading…' : LABEL_MESSAGES.noLabels}
      />
      <SelectedDrawer
        labels={drawer}
        opened={drawerOpen}
        onToggle={() => setDrawerOpen((o) => !o)}
        lineColumns={lineColumns}
        selection={drawerSelection}
        onSelectionChange={setDrawerSelection}
        mainSelectedCount={mainSelected.length}
        pageCount={shown.length}
        onCopySelected={() => copy(mainSelected)}
        onCopyAll={() => copy(shown)}
        onRemoveSelected={() => remove(drawerSelection.selected)}
        onRemoveAll={() => remove(new Set(drawer.map((l) => l.id)))}
        onExport={() => (drawer.length === 0 ? toast.error(LABEL_MESSAGES.noLabelsSelected) : setDialog('export'))}
        print={
          <PrintLabelsButton
            size="xs"
            label="Print Selected"
            count={drawer.length}
            source={() => ({ kind: 'labels', project_id: projectId, ids: drawer.map((l) => l.id) })}
            templateProjectId={projectId}
          />
        }
      />
      <ExportDialog opened={dialog === 'export'} count={drawer.length} onClose={() => setDialog(null)} onExport={runExport} />
      <ClearSelectionDialog
        opened={dialog === 'clear'}
        onClear={() => {
          remove(new Set(drawer.map((l) => l.id)));
          setDialog(null);
        }}
        onKeep={() => setDialog(null)}
      />
      <ConfirmDialog
        opened={dialog === 'delete'}
        title="Delete Labels"
        message={
          <>
            {deleteConfirmText(toDelete.length)}
            <Text span display="block" size="xs" c="dimmed" mt={6}>
              They leave the label database; the ledger keeps the record of who imported and deleted them.
            </Text>
          </>
        }
        confirmLabel="Delete"
        color="red"
        loading={deleting.isLoading}
        onConfirm={() => void runDelete()}
        onCancel={() => setDialog(null)}
      />
      {admin && importUsed && (
        <DialogSuspense>
          <ImportLabelsDialog opened={dialog === 'import'} projectId={projectId} onClose={() => setDialog(null)} />
        </DialogSuspense>
      )}
    </Stack>
  );
}
