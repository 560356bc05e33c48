/**
 * The answer to a scan, where it was read: the parser's refusal, a failed lookup, "No match for …"
 * with a search of the inventory, a chooser when several things match, or what was found: an
 * asset's card, what a location holds, a label. Shown live: an action on the card refetches it.
 */
import { Alert, Badge, Button, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { ScanMatch } from '@contract/scan.ts';
import { DetailField } from '../../components/detail-field.tsx';
import { QrImage } from '../../components/qr-image.tsx';
import { useResolveScanQuery } from './scan-api.ts';
import { useScanSlots } from './scan-slots.ts';
import { labelRoute, matchKey, matchTitle, type ScanPlace, searchRoute } from './scan-targets.ts';
import type { ScanLookup, ScanView } from './use-scan-lookup.ts';
import { useGoToScanRoute } from './use-scan-route.ts';

interface ScanResultProps {
  lookup: ScanLookup;
  place: ScanPlace;
  /** Told when a button here took the user to another screen. */
  onLeave?: () => void;
  /** Offer "Scan another code" under a card or a chooser, which brings the camera back. */
  again?: boolean;
}

export function ScanResult({ lookup, place, onLeave, again = false }: ScanResultProps) {
  const shown = <ShownView lookup={lookup} place={place} onLeave={onLeave} />;
  if (!again || (lookup.view.kind !== 'show' && lookup.view.kind !== 'choose')) return shown;
  return (
    <Stack gap="sm">
      {shown}
      <Button variant="default" onClick={lookup.clear}>
        Scan another code
      </Button>
    </Stack>
  );
}

function ShownView({ lookup, place, onLeave }: Omit<ScanResultProps, 'again'>) {
  const goTo = useGoToScanRoute();
  const { view } = lookup;
  const leave = async (route: Parameters<typeof goTo>[0]) => {
    await goTo(route);
    lookup.clear();
    onLeave?.();
  };
  switch (view.kind) {
    case 'idle':
      return null;
    case 'looking':
      return (
        <Group gap="xs" aria-live="polite">
          <Loader size="xs" />
          <Text size="sm">Looking up “{view.code}”…</Text>
        </Group>
      );
    case 'malformed':
    case 'failed':
      return (
        <Alert color="red" role="alert" title={`Cannot read “${view.code}”`} styles={{ message: { overflowWrap: 'anywhere' } }}>
          {view.message}
        </Alert>
      );
    case 'none':
      return (
        <Alert color="yellow" role="alert" styles={{ message: { overflowWrap: 'anywhere' } }}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{view.message}</Text>
            <Button size="compact-sm" variant="light" onClick={() => void leave(searchRoute('materials', view.code, place))}>
              Search the inventory for “{view.code}”
            </Button>
          </Stack>
        </Alert>
      );
    case 'choose':
      return <Chooser view={view} onChoose={(match) => void lookup.open(match, view.args, view.code)} />;
    case 'show':
      return <Shown view={view} onLabel={(match) => void leave(labelRoute(match))} />;
    default: {
      const unknown: never = view;
      throw new Error(`Unknown scan view ${JSON.stringify(unknown)}`);
    }
  }
}

function Chooser({ view, onChoose }: { view: Extract<ScanView, { kind: 'choose' }>; onChoose: (match: ScanMatch) => void }) {
  return (
    <Stack gap="xs" role="group" aria-label="Matches">
      <Text size="sm" fw={600}>
        {view.matches.length} matches for “{view.code}”: choose one
      </Text>
      {view.matches.map((match) => (
        <Button
          key={matchKey(match)}
          variant="default"
          justify="flex-start"
          onClick={() => onChoose(match)}
          styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
          h="auto"
          py={8}
        >
          {matchTitle(match)}
        </Button>
      ))}
    </Stack>
  );
}

type LabelMatch = Extract<ScanMatch, { kind: 'label' }>;

/** The match as the server answers now (after an action), found again by what does not change. */
function Shown({ view, onLabel }: { view: Extract<ScanView, { kind: 'show' }>; onLabel: (match: LabelMatch) => void }) {
  const live = useResolveScanQuery(view.args);
  const key = matchKey(view.match);
  const match = live.data?.matches.find((m) => matchKey(m) === key) ?? view.match;
  const { AssetCard } = useScanSlots();
  switch (match.kind) {
    case 'asset':
      return AssetCard ? <AssetCard match={match} /> : <Text fw={600}>{matchTitle(match)}</Text>;
    case 'location':
      return <LocationHolds match={match} />;
    case 'label':
      return <LabelFound match={match} onOpen={() => onLabel(match)} />;
    default:
      return <Text fw={600}>{matchTitle(match)}</Text>;
  }
}

function LocationHolds({ match }: { match: Extract<ScanMatch, { kind: 'location' }> }) {
  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-label={`Location ${match.code}`}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
            <Title order={4} style={{ overflowWrap: 'anywhere' }}>
              Location {match.code}
            </Title>
            <Text size="sm" c="dimmed">
              {match.warehouse_label}
            </Text>
          </Stack>
          <QrImage value={match.code} alt={`QR code of location ${match.code}`} size={120} />
        </Group>
        {match.items.length === 0 ? (
          <Text c="dimmed" size="sm">
            Nothing is held here.
          </Text>
        ) : (
          <Table verticalSpacing={6} aria-label="Held here" layout="fixed">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Part Number</Table.Th>
                <Table.Th>Name</Table.Th>
                <Table.Th ta="right" w={72}>
                  Qty
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {match.items.map((item) => (
                <Table.Tr key={item.material_id} data-part={item.part_number}>
                  <Table.Td fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {item.part_number}
                  </Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{item.part_name}</Table.Td>
                  <Table.Td ta="right">{item.qty.toLocaleString()}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Paper>
  );
}

function LabelFound({ match, onOpen }: { match: LabelMatch; onOpen: () => void }) {
  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-label="Label">
      <Stack gap="sm">
        <Group gap="xs">
          <Title order={4}>Label</Title>
          {match.system && (
            <Badge variant="light" tt="none">
              {match.system}
            </Badge>
          )}
        </Group>
        <Stack gap={2}>
          {match.label_lines.map((line, i) => (
            // Lines repeat and have no id of their own: their place is what tells them apart.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <Text key={i} ff="monospace" size="sm" style={{ overflowWrap: 'anywhere' }}>
              {line || '\u00a0'}
            </Text>
          ))}
        </Stack>
        <Group gap="xl" wrap="wrap">
          <DetailField label="System" value={match.system ?? '—'} />
          <DetailField label="Cluster / Pod" value={match.cluster_pod ?? '—'} />
        </Group>
        <Button variant="light" onClick={onOpen} style={{ alignSelf: 'flex-start' }}>
          Open in Label Database
        </Button>
      </Stack>
    </Paper>
  );
}
