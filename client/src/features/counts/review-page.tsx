/**
 * Reviewing a count (/counts/:id/review), for the project's admins and managers: every line's
 * variance at the instant it was counted, recounts of chosen lines, the counters, the CSV, and
 * posting (the adjustments, said before they are made) or cancelling. Refusals show the server's
 * words.
 */
import { Alert, Badge, Button, Checkbox, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { skipToken } from '@reduxjs/toolkit/query';
import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { PostCountAnswer, VarianceAnswer } from '@contract/counts.ts';
import { messageOr } from '../../api/error-message.ts';
import { downloadFromServer } from '../../api/download.ts';
import { AppModal } from '../../components/app-modal.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { FailureAlert } from '../../components/failure-alert.tsx';
import { FullPageLoader } from '../../components/full-page-loader.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { toast } from '../../shared/toast.ts';
import { percentText, STATUS_LABELS } from './count-summary-view.tsx';
import { countCsvUrl, useCancelCountMutation, usePostCountMutation, useRecountMutation, useSetCountersMutation, useVarianceQuery } from './counts-api.ts';
import { CountersField } from './new-count-dialog.tsx';
import { VarianceLines } from './variance-lines.tsx';

export function ReviewPage() {
  const { id = '' } = useParams();
  const variance = useVarianceQuery(id || skipToken, { refetchOnMountOrArgChange: true });
  if (variance.error) {
    return (
      <Alert color="red" role="alert">
        {messageOr(variance.error, 'The count could not be loaded.')}
      </Alert>
    );
  }
  if (!variance.data) return <FullPageLoader />;
  return <Review id={id} answer={variance.data} />;
}

/** What posting will do, said before it is done. */
export function postMessage(answer: VarianceAnswer): string {
  const adjustments = answer.items.filter(
    (l) => l.counted !== null && ((l.difference ?? 0) !== 0 || l.asset_result === 'missing' || l.asset_result === 'unexpected'),
  ).length;
  const notCounted = answer.items.filter((l) => l.counted === null).length;
  return [
    `Posting makes ${adjustments} ${adjustments === 1 ? 'adjustment' : 'adjustments'}, each dated when its line was counted: shortages go to lost, surpluses to found.`,
    notCounted > 0 ? `${notCounted} ${notCounted === 1 ? 'line was' : 'lines were'} not counted and stay as they are.` : '',
    'The count is then closed.',
  ]
    .filter(Boolean)
    .join(' ');
}

function Review({ id, answer }: { id: string; answer: VarianceAnswer }) {
  const { session, totals } = answer;
  const open = session.status === 'open';
  const [varianceOnly, setVarianceOnly] = useState(false);
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [failure, setFailure] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<'post' | 'cancel' | null>(null);
  const [editingCounters, setEditingCounters] = useState(false);
  const [posted, setPosted] = useState<PostCountAnswer | null>(null);
  const [recount, recounting] = useRecountMutation();
  const [post, posting] = usePostCountMutation();
  const [cancel, cancelling] = useCancelCountMutation();

  const lines = useMemo(() => {
    const t = search.trim().toLowerCase();
    return answer.items.filter(
      (l) =>
        (!varianceOnly || (l.difference ?? 0) !== 0 || l.asset_result === 'missing' || l.asset_result === 'unexpected') &&
        (!t || [String(l.seq), l.part_number, l.part_name, l.place_label, l.serial_number, l.counter].some((v) => (v ?? '').toLowerCase().includes(t))),
    );
  }, [answer.items, varianceOnly, search]);

  const toggle = (lineId: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (!next.delete(lineId)) next.add(lineId);
      return next;
    });

  const askRecount = async () => {
    setFailure(null);
    const result = await recount({ id, line_ids: [...selected] });
    if (result.error) return setFailure(messageOr(result.error, 'The recount could not be asked for.'));
    toast.success(`${selected.size} ${selected.size === 1 ? 'line' : 'lines'} to count again`);
    setSelected(new Set());
  };
  const doPost = async () => {
    setFailure(null);
    const result = await post(id);
    setConfirm(null);
    if (result.error) return setFailure(messageOr(result.error, 'The count could not be posted.'));
    setPosted(result.data);
  };
  const doCancel = async () => {
    setFailure(null);
    const result = await cancel({ id });
    setConfirm(null);
    if (result.error) return setFailure(messageOr(result.error, 'The count could not be cancelled.'));
    toast.success('Count cancelled');
  };

  return (
    <Stack gap="sm">
      <PageHeader title={session.name}>
        <Badge variant="light" size="lg">
          {STATUS_LABELS[session.status]}
        </Badge>
      </PageHeader>
      <Text size="sm" c="dimmed" mt={-12}>
        {session.location_label} · {session.scope_label} · counters: {session.counters.map((c) => c.name).join(', ') || '—'}
      </Text>
      <Paper withBorder p="xs" radius="md">
        <Group gap="md" wrap="wrap">
          <Text size="sm" data-testid="review-totals">
            Counted {totals.counted} of {totals.lines}
          </Text>
          <Text size="sm">With variance: {totals.with_variance}</Text>
          <Text size="sm">Accuracy: {percentText(totals.accuracy)}</Text>
          {session.recounts_pending > 0 && (
            <Text size="sm" c="orange">
              {session.recounts_pending} to recount
            </Text>
          )}
        </Group>
      </Paper>
      <FailureAlert failure={failure} />
      {posted && (
        <Alert color="green" title="Count posted" role="status">
          {posted.adjustments} {posted.adjustments === 1 ? 'adjustment' : 'adjustments'} made from {posted.lines_counted} counted lines
          {posted.lines_not_counted > 0 ? `; ${posted.lines_not_counted} not counted, left as they were` : ''}
          {posted.assets_lost + posted.assets_found > 0 ? `; assets marked lost: ${posted.assets_lost}, found: ${posted.assets_found}` : ''}.
        </Alert>
      )}
      <Group gap="xs" wrap="wrap">
        {open && session.can_count && (
          <Button component={Link} to={`/counts/${id}/count`} variant="default" size="sm">
            Count
          </Button>
        )}
        <Button variant="default" size="sm" onClick={() => downloadFromServer(countCsvUrl(id))}>
          Download CSV
        </Button>
        {open && (
          <>
            <Button variant="default" size="sm" onClick={() => setEditingCounters(true)}>
              Counters
            </Button>
            <Button variant="light" color="red" size="sm" onClick={() => setConfirm('cancel')}>
              Cancel count
            </Button>
            <Button size="sm" onClick={() => setConfirm('post')}>
              Post count
            </Button>
          </>
        )}
      </Group>
      <Group gap="sm" wrap="wrap" align="center">
        <TextInput aria-label="Search lines" placeholder="Search lines" value={search} onChange={(e) => setSearch(e.currentTarget.value)} w={220} />
        <Checkbox label="With variance only" checked={varianceOnly} onChange={(e) => setVarianceOnly(e.currentTarget.checked)} />
        {open && (
          <Button size="sm" variant="light" color="orange" disabled={selected.size === 0} loading={recounting.isLoading} onClick={() => void askRecount()}>
            {selected.size > 0 ? `Ask for recount (${selected.size})` : 'Ask for recount'}
          </Button>
        )}
      </Group>
      {lines.length === 0 ? (
        <Text c="dimmed">{answer.items.length === 0 ? 'This count has no lines.' : 'No line matches.'}</Text>
      ) : (
        <VarianceLines lines={lines} selected={selected} onToggle={open ? toggle : null} />
      )}
      <ConfirmDialog
        opened={confirm === 'post'}
        title="Post this count?"
        message={postMessage(answer)}
        confirmLabel="Post count"
        loading={posting.isLoading}
        onConfirm={() => void doPost()}
        onCancel={() => setConfirm(null)}
      />
      <ConfirmDialog
        opened={confirm === 'cancel'}
        title="Cancel this count?"
        message="Nothing counted is posted; the count is closed as cancelled."
        confirmLabel="Cancel count"
        color="red"
        loading={cancelling.isLoading}
        onConfirm={() => void doCancel()}
        onCancel={() => setConfirm(null)}
      />
      {editingCounters && <CountersDialog id={id} answer={answer} onClose={() => setEditingCounters(false)} />}
    </Stack>
  );
}

function CountersDialog({ id, answer, onClose }: { id: string; answer: VarianceAnswer; onClose: () => void }) {
  const { session } = answer;
  const [counters, setCounters] = useState(session.counters.map((c) => c.user_id));
  const [failure, setFailure] = useState<string | null>(null);
  const [save, saving] = useSetCountersMutation();
  const submit = async () => {
    const result = await save({ id, counters });
    if (result.error) return setFailure(messageOr(result.error, 'The counters could not be saved.'));
    toast.success('Counters saved');
    onClose();
  };
  return (
    <AppModal opened onClose={onClose} title="Counters" size="md">
      <Stack gap="sm">
        <FailureAlert failure={failure} />
        <CountersField at={{ kind: session.location_kind, id: session.location_id }} value={counters} onChange={setCounters} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => void submit()} loading={saving.isLoading}>
            Save counters
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
