/**
 * The label database's and label templates' rows of the route × role matrix
 * (matrix-suite.ts). Viewing and exporting labels need access to the project;
 * importing and deleting labels, and creating, changing and deleting templates, also need the
 * global role admin or superadmin (spec 02 §6; the templates' rule is the one of
 * labels-templates.routes.ts). An export of labels the caller sends is a file of what they already
 * hold: anyone signed in, auditors too.
 */
import type { MatrixContext, RouteCase, Actor } from './matrix.ts';
import { always, can, when } from './matrix.ts';
import { POLICY_RULES } from './policy-rules.ts';
import { SYSTEM_ACTOR } from '../../server/users/user-commands.ts';
import { createTemplate, importLabels } from '../../server/labels/label-commands.ts';

const system = { metadata: SYSTEM_ACTOR };

/** Label import and delete, and template changes: admins and superadmins with access to the project. */
export const labelAdmin = (a: Actor) => POLICY_RULES['label.admin'](a) && can.view(a);

const templateBody = {
  name: 'Matrix template',
  template_data: {
    columns: ['Rack', 'Port'],
    lines: [
      {
        id: 'line-1',
        fields: [
          { name: 'Rack', prependText: 'R-', appendText: '' },
          { name: 'Port', prependText: '', appendText: '' },
        ],
        separator: ' ',
        casing: 'none' as const,
      },
    ],
  },
};

const rows = [{ labelLines: ['MATRIX 1', 'RACK A'] }, { labelLines: ['MATRIX 2'] }];

export function labelPermissionRows(context: MatrixContext): RouteCase[] {
  const projectId = context.projectId;
  const store = () => context.runtime().store;
  /** Fresh labels of the project, for the routes that delete or name them. */
  const labels = async () => {
    const labels = [{ lines: ['MATRIX LABEL', 'LINE 2'], system: 'SYS-1', clusterPod: 'POD-1' }, { lines: ['MATRIX OTHER'] }];
    return (await importLabels(store(), { projectId: projectId(), labels }, system)).ids;
  };
  const template = () => createTemplate(store(), { projectId: projectId(), name: 'Matrix template', templateData: templateBody.template_data }, system);

  return [
    {
      name: 'GET /api/labels/search',
      request: () => ({ method: 'GET', url: `/api/labels/search?project_id=${projectId()}&q=matrix&limit=25&offset=0` }),
      expected: when(can.view, 200),
    },
    {
      name: 'GET /api/labels/filters',
      request: () => ({ method: 'GET', url: `/api/labels/filters?project_id=${projectId()}` }),
      expected: when(can.view, 200),
    },
    {
      name: 'POST /api/labels/import',
      access: 'label.admin',
      request: () => ({
        method: 'POST',
        url: '/api/labels/import',
        payload: { project_id: projectId(), labels: [{ label_lines: ['MATRIX IMPORT'], system: 'SYS-1', cluster_pod: 'POD-1' }] },
      }),
      expected: when(labelAdmin, 201),
    },
    {
      name: 'POST /api/labels/bulk-delete',
      access: 'label.admin',
      request: async () => ({ method: 'POST', url: '/api/labels/bulk-delete', payload: { project_id: projectId(), ids: await labels() } }),
      expected: when(labelAdmin, 200),
    },
    {
      name: 'GET /api/labels/export',
      request: () => ({ method: 'GET', url: `/api/labels/export?format=csv&filename=matrix.csv&data=${encodeURIComponent(JSON.stringify(rows))}` }),
      expected: always(200),
    },
    {
      name: 'POST /api/labels/export (the labels themselves)',
      request: () => ({ method: 'POST', url: '/api/labels/export', payload: { format: 'xlsx', filename: 'matrix', labels: rows } }),
      expected: always(200),
    },
    {
      name: 'POST /api/labels/export (by ids in a project)',
      request: async () => ({ method: 'POST', url: '/api/labels/export', payload: { format: 'csv', project_id: projectId(), ids: await labels() } }),
      expected: when(can.view, 200),
    },
    {
      name: 'GET /api/labels/templates',
      request: () => ({ method: 'GET', url: `/api/labels/templates?project_id=${projectId()}` }),
      expected: when(can.view, 200),
    },
    {
      name: 'POST /api/labels/templates',
      access: 'label.admin',
      request: () => ({ method: 'POST', url: `/api/labels/templates?project_id=${projectId()}`, payload: templateBody }),
      expected: when(labelAdmin, 201),
    },
    {
      name: 'PUT /api/labels/templates/:id',
      access: 'label.admin',
      request: async () => ({
        method: 'PUT',
        url: `/api/labels/templates/${await template()}?project_id=${projectId()}`,
        payload: { ...templateBody, name: 'Matrix template, renamed' },
      }),
      expected: when(labelAdmin, 200),
    },
    {
      name: 'DELETE /api/labels/templates/:id',
      access: 'label.admin',
      request: async () => ({ method: 'DELETE', url: `/api/labels/templates/${await template()}?project_id=${projectId()}` }),
      expected: when(labelAdmin, 204),
    },
  ];
}
