/**
 * Records as labels: each kind's built-in layout and template fields, copies one after another,
 * exactly the counted records, and an error when fewer arrive than were counted.
 */
import { describe, expect, it } from 'vitest';
import { PRINT_FIELDS } from '../../contract/label-print.ts';
import { assetInstance } from '../../contract/asset-rows.ts';
import { trackerUrl } from '../../contract/scan-paths.ts';
import type { PrintInstance } from '../../projections/label-print/queries.ts';
import { assetRecord, contentOf, labelRecord, locationRecord, partRecord, printLabels, type PrintRecord, SourceChangedError } from './sources.ts';

const records = (n: number, count = n): { count: number; pages: () => AsyncGenerator<PrintRecord[]> } => ({
  count,
  pages: async function* () {
    const all = Array.from({ length: n }, (_, i) => labelRecord({ id: `id-${i}`, label_lines: [`L${i + 1}`], system: null, cluster_pod: null }));
    for (let start = 0; start < all.length; start += 2) yield all.slice(start, start + 2);
  },
});
const collect = async (labels: AsyncGenerator<{ name: string }>) => {
  const names: string[] = [];
  for await (const label of labels) names.push(label.name);
  return names;
};

describe('print sources', () => {
  it('repeats each record its copies one after another', async () => {
    expect(await collect(printLabels(records(3), { kind: 'builtin' }, { copies: 2 }))).toEqual(['L1', 'L1', 'L2', 'L2', 'L3', 'L3']);
  });

  it('prints exactly the counted records, and fails when fewer arrive', async () => {
    expect(await collect(printLabels(records(5, 3), { kind: 'builtin' }, { copies: 1 }))).toEqual(['L1', 'L2', 'L3']);
    await expect(collect(printLabels(records(2, 3), { kind: 'builtin' }, { copies: 1 }))).rejects.toBeInstanceOf(SourceChangedError);
  });

  it("gives a label's lines and tags as the template's fields", () => {
    const record = labelRecord({ id: 'x', label_lines: ['', 'cab-1', 'Rack A'], system: 'POWER', cluster_pod: null });
    expect(record.name).toBe('cab-1');
    expect(record.fields).toEqual({ 'Line 1': '', 'Line 2': 'cab-1', 'Line 3': 'Rack A', System: 'POWER', 'Cluster/Pod': '' });
    for (const field of Object.keys(record.fields)) expect(PRINT_FIELDS.labels).toContain(field);
  });

  it("lays an asset out as name, number and serial with its tracker link's QR", () => {
    const instance: PrintInstance = {
      ...assetInstance.parse({
        id: '6f1c2d3e-0000-4000-8000-000000000001',
        instance_id: '6f1c2d3e-0000-4000-8000-000000000001',
        catalog_id: '6f1c2d3e-0000-4000-8000-000000000002',
        asset_number: 'LAP-01',
        asset_name: 'ThinkPad T14',
        category_id: '6f1c2d3e-0000-4000-8000-000000000003',
        asset_category: 'Laptops',
        serial_number: 'SN-1',
        owner_type: 'warehouse',
        owner_id: '6f1c2d3e-0000-4000-8000-000000000004',
        owner_label: '#2 · North Yard',
        warehouse_id: '6f1c2d3e-0000-4000-8000-000000000004',
        project_id: null,
        origin_warehouse_id: '6f1c2d3e-0000-4000-8000-000000000004',
        parent_warehouse_id: '6f1c2d3e-0000-4000-8000-000000000004',
        Status: 'Available',
        condition: 'Good',
        notes: null,
        in_use: false,
        assigned_user_id: null,
        assigned_user_name: null,
        lost: false,
        metadata: {},
        created_at: '2026-11-01T08:00:00.000Z',
        updated_at: '2026-11-01T08:00:00.000Z',
      }),
      nickname: 'Laptop',
    };
    const record = assetRecord(instance, 'https://stock.example.com/');
    expect(record.builtin).toEqual(['ThinkPad T14', 'LAP-01', 'S/N SN-1']);
    expect(record.code).toEqual({ symbology: 'qr', value: trackerUrl('https://stock.example.com', instance.id) });
    expect(record.name).toBe('SN-1');
    expect(Object.keys(record.fields).sort()).toEqual([...PRINT_FIELDS.assets].sort());
    expect(record.fields).toMatchObject({ Warehouse: '#2 · North Yard', Project: '' });
  });

  it('lays a part out as its Code 128, number, name and nickname', () => {
    const record = partRecord({ part_number: 'PN-1', part_name: 'Hex bolt', part_nickname: ' ' });
    expect(record.builtin).toEqual(['PN-1', 'Hex bolt']);
    expect(record.code).toEqual({ symbology: 'code128', value: 'PN-1' });
    expect(Object.keys(record.fields).sort()).toEqual([...PRINT_FIELDS.parts].sort());
  });

  it("lays a location out as its warehouse and place, blanks skipped, with its code's QR", () => {
    const record = locationRecord({ num_id: 4, name: 'South' }, { rack: 'R1', shelf: '', bin: 'B 2', zone: '' });
    expect(record.builtin).toEqual(['#4 · South', 'Rack R1 · Bin B 2']);
    expect(record.code).toEqual({ symbology: 'qr', value: 'LOC:4:R1||B 2' });
    expect(record.name).toBe('LOC:4:R1||B 2');
    expect(locationRecord({ num_id: 4, name: 'South' }, { rack: '', shelf: '', bin: '', zone: '' }).builtin).toEqual(['#4 · South']);
    expect(Object.keys(record.fields).sort()).toEqual([...PRINT_FIELDS.locations].sort());
  });

  it("formats a template's lines over the fields, with the code only when asked", () => {
    const record = partRecord({ part_number: 'PN-1', part_name: 'Hex bolt', part_nickname: 'M8' });
    const lines = [
      { id: 'a', fields: [{ name: 'Part Name', prependText: '', appendText: '' }], separator: ' ', casing: 'uppercase' as const },
      { id: 'b', fields: [{ name: 'Missing', prependText: '', appendText: '' }], separator: ' ', casing: 'none' as const, leaveBlankIfNoData: true },
      { id: 'c', fields: [{ name: 'Missing', prependText: '', appendText: '' }], separator: ' ', casing: 'none' as const },
    ];
    expect(contentOf(record, { kind: 'template', lines, includeCode: false })).toEqual({ name: 'PN-1', lines: ['HEX BOLT', ''] });
    expect(contentOf(record, { kind: 'template', lines, includeCode: true }).code).toEqual({ symbology: 'code128', value: 'PN-1' });
  });
});
