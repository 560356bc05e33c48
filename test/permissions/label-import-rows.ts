/**
 * The label import routes' rows of the route × role matrix (matrix-suite.ts): a file stored for
 * the matrix project, previewed, imported in the background and undone. Label import is for admins
 * and superadmins (spec 02 §6) with access to the project.
 */
import { randomUUID } from 'node:crypto';
import { createImportJob, finishImportJob } from '../../server/labels/import/import-jobs.ts';
import { labelAdmin } from './label-rows.ts';
import { type MatrixContext, type RouteCase, when } from './matrix.ts';

export function labelImportPermissionRows(context: MatrixContext): RouteCase[] {
  const projectId = () => context.projectId();

  /** The query of a stored one-label CSV of the project, as preview and start take it. */
  async function importFile(): Promise<string> {
    const key = `label-imports/${projectId()}/${randomUUID()}.csv`;
    await context.app().storage.put(key, Buffer.from('MATRIX LABEL\n'), 'text/csv');
    return new URLSearchParams({ file_key: key, project_id: projectId(), import_type: 'preformatted' }).toString();
  }

  /** A finished import of the project that brought no labels. */
  async function finishedImportJob(): Promise<string> {
    const id = randomUUID();
    await createImportJob(context.runtime().store.db, {
      id,
      projectId: projectId(),
      fileKey: `label-imports/${projectId()}/${id}.csv`,
      importType: 'preformatted',
      system: null,
      clusterPod: null,
      templateId: null,
      templateLines: null,
      actorId: null,
      actorName: 'Matrix',
    });
    await finishImportJob(context.runtime().store.db, id, { status: 'success', message: '' });
    return id;
  }

  return [
    {
      name: 'POST /api/labels/upload-url',
      access: 'label.admin',
      request: () => ({ method: 'POST', url: `/api/labels/upload-url?file_extension=csv&project_id=${projectId()}` }),
      expected: when(labelAdmin, 200),
    },
    {
      name: 'POST /api/labels/import-preview',
      access: 'label.admin',
      request: async () => ({ method: 'POST', url: `/api/labels/import-preview?${await importFile()}` }),
      expected: when(labelAdmin, 200),
    },
    {
      name: 'POST /api/labels/import-from-s3/async/start',
      access: 'label.admin',
      request: async () => ({ method: 'POST', url: `/api/labels/import-from-s3/async/start?${await importFile()}` }),
      expected: when(labelAdmin, 200),
    },
    {
      name: 'GET /api/labels/import-from-s3/async/status',
      access: 'label.admin',
      request: async () => ({ method: 'GET', url: `/api/labels/import-from-s3/async/status?job_id=${await finishedImportJob()}` }),
      expected: when(labelAdmin, 200),
    },
    {
      name: 'GET /api/labels/imports',
      access: 'label.admin',
      request: () => ({ method: 'GET', url: `/api/labels/imports?project_id=${projectId()}` }),
      expected: when(labelAdmin, 200),
    },
    {
      name: 'POST /api/labels/imports/:id/undo (nothing left to undo)',
      access: 'label.admin',
      request: async () => ({ method: 'POST', url: `/api/labels/imports/${await finishedImportJob()}/undo`, payload: { project_id: projectId() } }),
      expected: when(labelAdmin, 422),
    },
  ];
}
