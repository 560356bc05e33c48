/**
 * The Ledger page (issue 16), for superadmins and auditors: the latest signed checkpoint of the
 * global chain and its signature checked in this browser, verify-now with its progress, the
 * auditor's bundle of a project for a period, and the public key to check everything with.
 */
import { LEDGER_MESSAGES } from '@contract/ledger.ts';
import { Alert, Badge, Button, Code, CopyButton, Group, Loader, Paper, Progress, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import { downloadBlob } from '../../api/download.ts';
import { messageOr } from '../../api/error-message.ts';
import { projectLabel } from '../../api/project-types.ts';
import { useListProjectsQuery } from '../../api/projects-api.ts';
import { formatDateTime } from '../../shared/format.ts';
import { useServerDownload } from '../../shared/use-server-download.ts';
import { NoData } from '../../components/no-data.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import {
  bundleUrl,
  type Checkpoint,
  type LedgerStatus,
  useGetLedgerStatusQuery,
  useGetPublicKeyQuery,
  useGetVerifyJobQuery,
  useStartVerifyMutation,
} from './ledger-api.ts';
import { type BrowserCheck, verifyCheckpointInBrowser } from './signature-check.ts';

const VERIFY_POLL_MS = 500;

export function LedgerPage() {
  const status = useGetLedgerStatusQuery(undefined, { pollingInterval: 10_000, refetchOnMountOrArgChange: true });
  const key = useGetPublicKeyQuery();
  return (
    <>
      <PageHeader title="Ledger" />
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <CheckpointCard status={status.data} publicKeyHex={key.data?.public_key_hex} loading={status.isLoading} error={status.error} />
          <VerifyCard />
        </SimpleGrid>
        <BundleCard />
        <PublicKeyCard pem={key.data?.public_key_pem} keyId={key.data?.key_id} error={key.error} />
      </Stack>
    </>
  );
}

/** The signature as checked here; the server's check when this browser has no Ed25519. */
export function signatureBadge(browser: BrowserCheck | null, server: boolean | null): { color: string; label: string } {
  if (browser === 'valid') return { color: 'green', label: 'Signature verified in this browser' };
  if (browser === 'invalid') return { color: 'red', label: 'Signature does not verify' };
  if (server === true) return { color: 'teal', label: 'Signature verified by the server (this browser cannot check Ed25519)' };
  if (server === false) return { color: 'red', label: 'Signature does not verify (server check)' };
  return { color: 'gray', label: 'Checking signature…' };
}

function useBrowserCheck(checkpoint: Checkpoint | null | undefined, publicKeyHex: string | undefined): BrowserCheck | null {
  const [check, setCheck] = useState<BrowserCheck | null>(null);
  useEffect(() => {
    let live = true;
    setCheck(null);
    if (checkpoint && publicKeyHex) void verifyCheckpointInBrowser(checkpoint, publicKeyHex).then((result) => live && setCheck(result));
    return () => {
      live = false;
    };
  }, [checkpoint, publicKeyHex]);
  return check;
}

/** Saves a checkpoint as the JSON file `ledger audit --checkpoint` reads. */
function saveCheckpoint(checkpoint: Checkpoint) {
  downloadBlob(`checkpoint_${checkpoint.ledger_seq}.json`, new Blob([`${JSON.stringify(checkpoint, null, 2)}\n`], { type: 'application/json' }));
}

function CheckpointCard({ status, publicKeyHex, loading, error }: { status?: LedgerStatus; publicKeyHex?: string; loading: boolean; error: unknown }) {
  const latest = status?.latest ?? null;
  const browser = useBrowserCheck(latest, publicKeyHex);
  const badge = signatureBadge(browser, status?.latest_signature_valid ?? null);
  return (
    <Paper withBorder radius="md" p="md" aria-label="Latest checkpoint">
      <Stack gap="xs">
        <Title order={3} size="h4">
          Latest checkpoint
        </Title>
        {loading ? (
          <Loader size="sm" />
        ) : error ? (
          <NoData text={messageOr(error as Parameters<typeof messageOr>[0], 'Failed to read the ledger status')} />
        ) : !latest ? (
          <NoData text="No checkpoint yet: the sealer signs one a few seconds after the first event." />
        ) : (
          <>
            <Badge color={badge.color} variant="light" tt="none" size="lg" style={{ alignSelf: 'flex-start' }}>
              {badge.label}
            </Badge>
            <Text size="sm">
              Ledger seq <b>{latest.ledger_seq.toLocaleString()}</b>, signed {formatDateTime(latest.signed_at)} with key {latest.key_id}
            </Text>
            <Text size="xs" c="dimmed">
              Chain hash <Code style={{ wordBreak: 'break-all' }}>{latest.chain_hash}</Code>
            </Text>
            <Text size="xs" c="dimmed">
              Tree root <Code style={{ wordBreak: 'break-all' }}>{latest.tree_root}</Code>
            </Text>
            {status && (
              <Text size="xs" c="dimmed">
                {status.sealed.toLocaleString()} of {status.events.toLocaleString()} events sealed
              </Text>
            )}
            <Group>
              <Button size="xs" variant="default" onClick={() => saveCheckpoint(latest)}>
                Save checkpoint
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}

function VerifyCard() {
  const [jobId, setJobId] = useState<string | null>(null);
  const [start, started] = useStartVerifyMutation();
  const job = useGetVerifyJobQuery(jobId ?? skipToken, { pollingInterval: VERIFY_POLL_MS });
  const data = job.data ?? started.data;
  const running = started.isLoading || data?.state === 'running';
  const percent = data && data.total > 0 ? Math.round((data.checked / data.total) * 100) : 0;
  const run = async () => {
    const result = await start();
    if ('data' in result && result.data) setJobId(result.data.job_id);
  };
  return (
    <Paper withBorder radius="md" p="md" aria-label="Verify the ledger">
      <Stack gap="xs">
        <Title order={3} size="h4">
          Verify now
        </Title>
        <Text size="sm" c="dimmed">
          Recomputes every sealed event's hash, the global chain and the Merkle tree, and checks each checkpoint's signature.
        </Text>
        <Group>
          <Button onClick={() => void run()} loading={running} disabled={running}>
            Verify now
          </Button>
        </Group>
        {started.error && <Alert color="red">{messageOr(started.error, 'Failed to start verifying')}</Alert>}
        {data && (
          <>
            <Progress
              value={data.state === 'running' ? percent : 100}
              color={data.state === 'failed' ? 'red' : data.state === 'passed' ? 'green' : 'blue'}
              aria-label="Verification progress"
            />
            <Text size="sm" role="status">
              {data.state === 'running'
                ? `Checked ${data.checked.toLocaleString()} of ${data.total.toLocaleString()} events…`
                : data.state === 'passed'
                  ? `Passed: ${data.checked.toLocaleString()} events checked, everything holds.`
                  : `Failed: ${data.problems.length} ${data.problems.length === 1 ? 'problem' : 'problems'} found.`}
            </Text>
            {data.problems.length > 0 && (
              <Stack gap={2}>
                {data.problems.slice(0, 20).map((problem) => (
                  <Text key={problem} size="xs" c="red">
                    {problem}
                  </Text>
                ))}
              </Stack>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

function BundleCard() {
  const projects = useListProjectsQuery({});
  const download = useServerDownload();
  const today = new Date();
  const [projectId, setProjectId] = useState<string | null>(null);
  const [from, setFrom] = useState(isoDay(new Date(today.getTime() - 30 * 86_400_000)));
  const [to, setTo] = useState(isoDay(today));
  const problem = !projectId ? 'Choose a project' : !from || !to ? 'Choose the period' : from > to ? LEDGER_MESSAGES.periodOrder : null;
  return (
    <Paper withBorder radius="md" p="md" aria-label="Auditor's bundle">
      <Stack gap="xs">
        <Title order={3} size="h4">
          Auditor's bundle
        </Title>
        <Text size="sm" c="dimmed">
          One file with the project's log rows of the period, the events behind them, the checkpoints that cover them and the public key. Check it offline with{' '}
          <Code>npm run ledger -- audit &lt;bundle&gt; --checkpoint &lt;saved checkpoint&gt;</Code>.
        </Text>
        <Group gap="sm" align="flex-end" wrap="wrap">
          <Select
            label="Project"
            placeholder={projects.isLoading ? 'Loading…' : 'Choose a project'}
            data={(projects.data ?? []).map((p) => ({ value: p.id, label: projectLabel(p) }))}
            value={projectId}
            onChange={setProjectId}
            searchable
            w={280}
          />
          <TextInput label="From" type="date" value={from} onChange={(e) => setFrom(e.currentTarget.value)} />
          <TextInput label="To" type="date" value={to} onChange={(e) => setTo(e.currentTarget.value)} />
          <Button disabled={problem !== null} onClick={() => projectId && void download(bundleUrl(projectId, from, to))}>
            Download bundle
          </Button>
        </Group>
        {problem && projectId && (
          <Text size="xs" c="red">
            {problem}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

function PublicKeyCard({ pem, keyId, error }: { pem?: string; keyId?: string; error: unknown }) {
  return (
    <Paper withBorder radius="md" p="md" aria-label="Public key">
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={3} size="h4">
            Public key {keyId ? <Text span c="dimmed" size="sm">{`(${keyId})`}</Text> : null}
          </Title>
          {pem && (
            <CopyButton value={pem}>
              {({ copied, copy }) => (
                <Button size="xs" variant="default" onClick={copy}>
                  {copied ? 'Copied' : 'Copy'}
                </Button>
              )}
            </CopyButton>
          )}
        </Group>
        {error ? (
          <NoData text={messageOr(error as Parameters<typeof messageOr>[0], 'Failed to read the public key')} />
        ) : pem ? (
          <Code block>{pem}</Code>
        ) : (
          <Loader size="sm" />
        )}
      </Stack>
    </Paper>
  );
}
