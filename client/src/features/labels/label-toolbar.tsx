/**
 * Search, filters and paging of the label database (spec 02 §2.10): the search box (a comma
 * means AND), the cluster/pod and system filters, Prev, Next, the page input with "of N" and the
 * page size.
 */
import { Button, Group, NumberInput, Select, Text, TextInput } from '@mantine/core';
import { LABEL_PAGE_SIZES } from '@contract/labels.ts';
import { MAX_LENGTH } from '../../shared/field-limits.ts';
import { parsePageInput } from './label-paging.ts';

interface LabelToolbarProps {
  search: string;
  onSearch: (text: string) => void;
  system: string;
  onSystem: (value: string) => void;
  systems: readonly string[];
  clusterPod: string;
  onClusterPod: (value: string) => void;
  clusterPods: readonly string[];
}

const options = (values: readonly string[], all: string) => values.map((v) => ({ value: v, label: v === '' ? all : v }));

export function LabelFilters(props: LabelToolbarProps) {
  return (
    <Group gap="sm" wrap="wrap" align="flex-end">
      <TextInput
        aria-label="Search labels"
        placeholder="Search labels (use a comma for AND: rack 12, port 3)"
        value={props.search}
        maxLength={MAX_LENGTH.search}
        onChange={(e) => props.onSearch(e.currentTarget.value)}
        style={{ flex: '1 1 260px' }}
      />
      <Select
        aria-label="Cluster/Pod"
        data={options(props.clusterPods, 'All Clusters')}
        value={props.clusterPod}
        onChange={(v) => props.onClusterPod(v ?? '')}
        allowDeselect={false}
        w={{ base: '100%', xs: 180 }}
      />
      <Select
        aria-label="System"
        data={options(props.systems, 'All Systems')}
        value={props.system}
        onChange={(v) => props.onSystem(v ?? '')}
        allowDeselect={false}
        w={{ base: '100%', xs: 180 }}
      />
    </Group>
  );
}

interface PagerProps {
  page: number;
  pages: number;
  /** More matches than were counted: the last page is not known. */
  capped: boolean;
  onPage: (page: number) => void;
  limit: number;
  onLimit: (limit: number) => void;
}

export function LabelPager({ page, pages, capped, onPage, limit, onLimit }: PagerProps) {
  const last = page >= pages && !capped;
  return (
    <Group gap="xs" wrap="wrap">
      <Button size="xs" variant="default" onClick={() => onPage(page - 1)} disabled={page <= 1}>
        Prev
      </Button>
      <Group gap={6} wrap="nowrap">
        <Text size="sm">Page</Text>
        <NumberInput aria-label="Page" size="xs" w={80} min={1} value={page} hideControls onChange={(value) => onPage(parsePageInput(value))} />
        <Text size="sm" c="dimmed">
          of {pages.toLocaleString('en-US')}
          {capped ? '+' : ''}
        </Text>
      </Group>
      <Button size="xs" variant="default" onClick={() => onPage(page + 1)} disabled={last}>
        Next
      </Button>
      <Select
        aria-label="Per page"
        size="xs"
        w={90}
        data={LABEL_PAGE_SIZES.map((n) => ({ value: String(n), label: String(n) }))}
        value={String(limit)}
        onChange={(v) => onLimit(Number(v ?? limit))}
        allowDeselect={false}
      />
    </Group>
  );
}
