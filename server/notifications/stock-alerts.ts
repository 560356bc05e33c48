/**
 * Finds the moments a project part's on hand crosses below its low or critical threshold, once
 * per crossing. Per part it keeps the on hand after the last event it saw and the level that stood
 * at (`stock_alert_levels`, written in the subscription's transaction), folding each stock event's
 * on-hand delta, the same delta the projections apply.
 */
import { sql } from 'kysely';
import type { Trx } from '../../ledger/event-store/event-store.ts';
import { readStreams } from '../../ledger/event-store/event-store.ts';
import type { RecordedEvent } from '../../ledger/event-store/types.ts';
import { isStockItemEvent, type StockItemEvent } from '../../ledger/stock-item/events.ts';
import { stockDeltas } from '../../ledger/stock-item/stock-numbers.ts';
import { alertLevel, effectiveThresholds, isCrossing, type AlertLevel, type ThresholdSettings, type Thresholds } from './alert-levels.ts';

export type ProjectStockEvent = RecordedEvent & StockItemEvent;

export interface Crossing {
  event: ProjectStockEvent;
  projectId: string;
  level: Exclude<AlertLevel, 'ok'>;
  onHand: number;
  thresholds: Thresholds;
}

interface PartState {
  streamVersion: number;
  onHand: number;
  level: AlertLevel;
}

const partKey = (projectId: string, materialId: string) => `${projectId}\u0000${materialId}`;

/** On hand of a stock stream just before a version, folded from its own events. */
async function onHandBefore(trx: Trx, streamId: string, version: number): Promise<number> {
  if (version <= 1) return 0;
  const events = (await readStreams(trx, [streamId])).get(streamId) ?? [];
  let onHand = 0;
  for (const event of events) {
    if (event.streamVersion >= version) break;
    if (isStockItemEvent(event)) onHand += stockDeltas(event).onHand;
  }
  return onHand;
}

/** The crossings in a page of events (in commit order), recording every part's new state. */
export async function stockCrossings(trx: Trx, events: ProjectStockEvent[]): Promise<Crossing[]> {
  if (events.length === 0) return [];
  const parts = [
    ...new Map(events.map((e) => [partKey(e.data.location.id, e.data.materialId), { projectId: e.data.location.id, materialId: e.data.materialId }])).values(),
  ];
  const matches = sql.join(parts.map((p) => sql`(${p.projectId}, ${p.materialId})`));
  const stockKeys = sql.join(parts.map((p) => sql`(${p.projectId}::uuid, ${p.materialId}::uuid)`));
  const [stateRows, settingRows] = await Promise.all([
    sql<{ project_id: string; material_id: string; stream_version: number; on_hand: number; level: AlertLevel }>`
      select project_id, material_id, stream_version, on_hand, level from stock_alert_levels
       where (project_id, material_id) in (${matches})`.execute(trx),
    // Thresholds as they are now: a consumer that keeps up handles each movement moments after it.
    sql<ThresholdSettings & { project_id: string; material_id: string }>`
      select s.location_id::text as project_id, s.material_id::text as material_id, s.low_threshold, s.critical_threshold, p.low_stock_default, p.critical_stock_default
        from material_stock s left join projects p on p.id = s.location_id
       where s.location_kind = 'project' and (s.location_id, s.material_id) in (${stockKeys})`.execute(trx),
  ]);
  const states = new Map<string, PartState>(
    stateRows.rows.map((r) => [partKey(r.project_id, r.material_id), { streamVersion: r.stream_version, onHand: Number(r.on_hand), level: r.level }]),
  );
  const settings = new Map(settingRows.rows.map((r) => [partKey(r.project_id, r.material_id), r]));
  const changed = new Set<string>();
  const crossings: Crossing[] = [];

  for (const event of events) {
    const key = partKey(event.data.location.id, event.data.materialId);
    const thresholds = effectiveThresholds(settings.get(key));
    let state = states.get(key);
    if (state && state.streamVersion >= event.streamVersion) continue;
    if (!state || state.streamVersion !== event.streamVersion - 1) {
      // First sight of the part (or a gap): start from what its own stream says.
      const onHand = await onHandBefore(trx, event.streamId, event.streamVersion);
      state = { streamVersion: event.streamVersion - 1, onHand, level: alertLevel(onHand, thresholds) };
    }
    const onHand = state.onHand + stockDeltas(event).onHand;
    const level = alertLevel(onHand, thresholds);
    // A new threshold moves the level without a movement: it is remembered, not announced.
    if (level !== 'ok' && isCrossing(state.level, level) && event.type !== 'StockWarningsSet') {
      crossings.push({ event, projectId: event.data.location.id, level, onHand, thresholds });
    }
    states.set(key, { streamVersion: event.streamVersion, onHand, level });
    changed.add(key);
  }

  const rows = [...changed].map((key) => {
    const [projectId, materialId] = key.split('\u0000') as [string, string];
    const state = states.get(key)!;
    return { project_id: projectId, material_id: materialId, stream_version: state.streamVersion, on_hand: state.onHand, level: state.level };
  });
  if (rows.length > 0) {
    await trx
      .insertInto('stock_alert_levels')
      .values(rows)
      .onConflict((oc) =>
        oc.columns(['project_id', 'material_id']).doUpdateSet((eb) => ({
          stream_version: eb.ref('excluded.stream_version'),
          on_hand: eb.ref('excluded.on_hand'),
          level: eb.ref('excluded.level'),
        })),
      )
      .execute();
  }
  return crossings;
}
