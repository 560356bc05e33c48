/** Requests and the project around them, as the server answers them, for the screens' tests. */
import type { RequestDetail, RequestLine, RequestSummary } from './requests-api.ts';

export const project = { id: 'p-1', project_name: 'Cable Yard', project_customer: null, project_number: '4001' };
export const projectRow = (role: string) => ({
  ...project,
  num_id: 1,
  created_at: '2026-01-01T00:00:00.000Z',
  managing_logistics: false,
  hide_from_transfer_list: false,
  project_role: role,
});
export const person = (id: string, role: 'user' | 'admin' = 'user') => ({
  id,
  email: `${id}@example.com`,
  user_email: `${id}@example.com`,
  user_firstname: id === 'u-ann' ? 'Ann' : 'Mia',
  user_lastname: 'Lee',
  role,
  emails: false,
  stock_emails: false,
  second_factor: { required: false, enrolled: 0, must_enrol: false },
});

export const line = (part: string, qty: number, status: RequestLine['status'] = 'requested', notes: string | null = null): RequestLine => ({
  line_id: `l-${part}-${status}`,
  part_number: part,
  part_name: `${part} name`,
  qty,
  status,
  notes,
  requested_part_number: null,
  split_from: null,
});

export function detail(num: number, status: RequestSummary['status'], picklist: RequestLine[]): RequestDetail {
  return {
    id: `r-${num}`,
    uuid: `r-${num}`,
    num,
    project_id: 'p-1',
    requester_id: 'u-ann',
    requester_name: 'Ann Lee',
    requester_email: 'ann@example.com',
    type: 'Material',
    status,
    reason: status === 'on-hold' ? 'waiting_delivery' : null,
    waiting_delivery: status === 'on-hold',
    request_date: `2026-03-0${num}T10:00:00.000Z`,
    created_at: `2026-03-0${num}T10:00:00.000Z`,
    updated_at: `2026-03-0${num}T10:00:00.000Z`,
    lines: picklist.length,
    total_qty: picklist.reduce((s, l) => s + l.qty, 0),
    items: picklist.map((l) => l.part_number).join(', '),
    picklist,
    notes: null,
    image_path: null,
    image_url: null,
    project_number: '4001',
    project_name: 'Cable Yard',
  };
}

export const summary = (d: RequestDetail): RequestSummary => {
  const { picklist: _p, notes: _n, image_path: _i, image_url: _u, project_number: _pn, project_name: _pm, ...rest } = d;
  return rest;
};

export const inventory = (rows: [string, number][]) => ({
  items: rows.map(([part, onHand]) => ({ PartNumber: part, QtyOnHand: onHand, PartName: part, StandardName: part, material_id: part })),
  total: rows.length,
  as_of: null,
});
