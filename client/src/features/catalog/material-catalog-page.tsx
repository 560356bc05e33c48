/**
 * /catalogs/materials (admins): the material catalogue shared by every project, with a search.
 * Global admins and superadmins add parts, rename or renumber any part, and see where each part
 * is held (projects and warehouses, with quantities). A project's admins and managers rename the
 * parts their project holds, through the same flow and messages as Material Details.
 */
import { Button, Center, Group, Loader, Paper, Stack, Text, TextInput } from '@mantine/core';
import { skipToken } from '@reduxjs/toolkit/query';
import { useMemo, useState } from 'react';
import { messageOr } from '../../api/error-message.ts';
import type { CatalogPart } from '../../api/material-types.ts';
import { useGetCatalogQuery, useGetInventoryQuery } from '../../api/materials-api.ts';
import { MAX_LENGTH } from '../../shared/field-limits.ts';
import { useAppSelector } from '../../shared/hooks.ts';
import { usePhone } from '../../shared/use-phone.ts';
import { AppModal } from '../../components/app-modal.tsx';
import { MaterialNameEditor } from '../../components/material-name-editor.tsx';
import { NoData } from '../../components/no-data.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { TwoLines, VirtualTable, type VirtualColumn } from '../../components/virtual-table.tsx';
import { ProjectPicker } from '../../shared/projects/project-picker.tsx';
import { useCurrentProjectSync } from '../../shared/projects/use-current-project-sync.ts';
import { canCurateProject, canUseWarehouses } from '../../shared/session/permissions.ts';
import { selectSession } from '../../shared/session/session-selectors.ts';
import { matchingCatalog } from './catalog-search.ts';
import { CatalogPartDialog } from './catalog-part-dialog.tsx';
import { HoldingsDialog } from './holdings-dialog.tsx';
import { NO_PARTS_MATCH } from '../../shared/messages.ts';

export function MaterialCatalogPage() {
  useCurrentProjectSync();
  const { currentProject: project, role, currentProjectRole } = useAppSelector(selectSession);
  const canCurate = project !== null && canCurateProject({ role, projectRole: currentProjectRole });
  const catalog = useGetCatalogQuery(undefined, { refetchOnMountOrArgChange: true });
  const inventory = useGetInventoryQuery(project ? project.id : skipToken);
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<string | null>(null);
  const [locating, setLocating] = useState<CatalogPart | null>(null);
  // Global admins curate the whole catalogue; the project-scoped edit is for the project's curators.
  const catalogAdmin = canUseWarehouses(role);
  const [partDialog, setPartDialog] = useState<CatalogPart | 'new' | null>(null);
  const held = useMemo(() => new Map((inventory.data ?? []).map((r) => [r.material_id, r])), [inventory.data]);
  const visible = useMemo(() => matchingCatalog(catalog.data ?? [], search), [catalog.data, search]);
  const editedRow = editing ? held.get(editing) : undefined;
  const phone = usePhone();

  const columns: VirtualColumn<CatalogPart>[] = [
    { key: 'number', header: 'Part Number', width: 170, render: (p) => p.part_number, title: (p) => p.part_number },
    { key: 'name', header: 'Part Name', render: (p) => p.part_name, title: (p) => p.part_name },
    { key: 'nickname', header: 'Nickname', render: (p) => p.part_nickname || '—', title: (p) => p.part_nickname },
    {
      key: 'held',
      header: project ? `On hand in ${project.project_number}` : 'On hand',
      width: 150,
      align: 'right',
      render: (p) => held.get(p.material_id)?.QtyOnHand ?? '—',
    },
    {
      key: 'edit',
      header: '',
      width: catalogAdmin ? 200 : 90,
      align: 'right',
      render: (p) => (
        <Group gap={6} wrap="nowrap" justify="flex-end">
          {catalogAdmin && (
            <Button size="compact-sm" variant="default" aria-label={`Where ${p.part_number} is held`} onClick={() => setLocating(p)}>
              Where held
            </Button>
          )}
          {(catalogAdmin || (canCurate && held.has(p.material_id))) && (
            <Button
              size="compact-sm"
              variant="light"
              aria-label={`Edit ${p.part_number}`}
              onClick={() => (catalogAdmin ? setPartDialog(p) : setEditing(p.material_id))}
            >
              Edit
            </Button>
          )}
        </Group>
      ),
    },
  ];
  // On a phone the number and names share one column, so the quantity and Edit stay in view.
  const phoneColumns: VirtualColumn<CatalogPart>[] = [
    {
      key: 'part',
      header: 'Part',
      render: (p) => <TwoLines main={p.part_number} sub={[p.part_name, p.part_nickname].filter(Boolean).join(' · ')} />,
      title: (p) => p.display,
    },
    { ...columns[3]!, header: 'On hand', width: 76 },
    { ...columns[4]!, width: catalogAdmin ? 158 : 70 },
  ];

  return (
    <>
      <PageHeader title="Material Catalog">
        <Group gap="sm" wrap="wrap" w={{ base: '100%', sm: 'auto' }}>
          <ProjectPicker />
          {catalogAdmin && <Button onClick={() => setPartDialog('new')}>New Part</Button>}
        </Group>
      </PageHeader>
      <Paper withBorder radius="md" p="sm">
        <Stack gap="sm">
          <Group gap="sm" wrap="wrap" justify="space-between">
            <TextInput
              aria-label="Search catalogue"
              maxLength={MAX_LENGTH.search}
              placeholder="Search part number, name or nickname"
              value={search}
              onChange={(event) => setSearch(event.currentTarget.value)}
              w={{ base: '100%', xs: 320 }}
            />
            <Text size="sm" c="dimmed">
              {catalogAdmin
                ? 'Names and numbers are shared by every project and warehouse.'
                : canCurate
                  ? `Parts held by ${project.project_name} can be renamed here; names are shared by every project.`
                  : 'Names are shared by every project.'}
            </Text>
          </Group>
          {catalog.isLoading ? (
            <Center p="xl">
              <Loader />
            </Center>
          ) : catalog.error ? (
            <NoData text={messageOr(catalog.error, 'Failed to fetch material options')} />
          ) : visible.length === 0 ? (
            <NoData text={(catalog.data ?? []).length === 0 ? 'The catalogue has no parts yet' : NO_PARTS_MATCH} />
          ) : (
            <VirtualTable
              ariaLabel="Material catalogue"
              rows={visible}
              columns={phone ? phoneColumns : columns}
              rowKey={(p) => p.material_id}
              rowHeight={phone ? 56 : 44}
              minWidth={phone ? 0 : 640}
            />
          )}
        </Stack>
      </Paper>
      {partDialog && <CatalogPartDialog part={partDialog === 'new' ? null : partDialog} onClose={() => setPartDialog(null)} />}
      {locating && <HoldingsDialog part={locating} onClose={() => setLocating(null)} />}
      {project && editedRow && (
        <AppModal opened onClose={() => setEditing(null)} title="Material names" size="lg">
          <MaterialNameEditor projectId={project.id} row={editedRow} canEdit={canCurate} />
        </AppModal>
      )}
    </>
  );
}
