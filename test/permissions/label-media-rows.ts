/**
 * The saved label media's rows of the route × role matrix (matrix-suite.ts). Media are the
 * site's, not a project's: everyone signed in lists them (auditors too); saving, changing and
 * deleting them is the label admins' (global admin or superadmin), whatever their project role.
 * Each row that changes one works on a fresh medium with a fresh name.
 */
import { randomUUID } from 'node:crypto';
import type { MediumInput } from '../../contract/label-media.ts';
import { saveMedium } from '../../server/labels/media-commands.ts';
import { SYSTEM_ACTOR } from '../../server/users/user-commands.ts';
import { always, type MatrixContext, type RouteCase } from './matrix.ts';
import { guarded } from './policy-rules.ts';

const system = { metadata: SYSTEM_ACTOR };
const roll = { kind: 'roll', unit: 'mm', label_width_mm: 62, label_height_mm: 29, dpi: 300 } as const satisfies MediumInput;
const freshName = () => `Matrix roll ${randomUUID().slice(0, 8)}`;

export function labelMediaPermissionRows(context: MatrixContext): RouteCase[] {
  const medium = () => saveMedium(context.runtime().store, { name: freshName(), medium: roll }, system);
  return [
    { name: 'GET /api/labels/media', request: () => ({ method: 'GET', url: '/api/labels/media' }), expected: always(200) },
    {
      name: 'POST /api/labels/media',
      request: () => ({ method: 'POST', url: '/api/labels/media', payload: { name: freshName(), medium: roll } }),
      ...guarded('label.admin', 201),
    },
    {
      name: 'PUT /api/labels/media/:id',
      request: async () => ({ method: 'PUT', url: `/api/labels/media/${await medium()}`, payload: { name: freshName(), medium: { ...roll, dpi: 203 } } }),
      ...guarded('label.admin'),
    },
    {
      name: 'DELETE /api/labels/media/:id',
      request: async () => ({ method: 'DELETE', url: `/api/labels/media/${await medium()}` }),
      ...guarded('label.admin', 204),
    },
  ];
}
