/** Reads of `label_templates`. */
import type { Selectable } from 'kysely';
import type { LabelTemplate, TemplateData } from '../../contract/labels.ts';
import type { Db } from '../../ledger/database.ts';
import type { LabelTemplatesTable } from '../../migrations/schema.ts';

const columns = ['id', 'project_id', 'name', 'template_data', 'created_at', 'updated_at'] as const;

type Row = Pick<Selectable<LabelTemplatesTable>, (typeof columns)[number]>;

const toTemplate = (row: Row): LabelTemplate => ({
  id: row.id,
  project_id: row.project_id,
  name: row.name,
  template_data: row.template_data as TemplateData,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

/** A project's templates by name. */
export async function projectTemplates(db: Db, projectId: string): Promise<LabelTemplate[]> {
  const rows = await db.selectFrom('label_templates').select(columns).where('project_id', '=', projectId).orderBy('name').orderBy('created_at').execute();
  return rows.map(toTemplate);
}

/** One template of a project, or undefined. */
export async function findTemplate(db: Db, projectId: string, templateId: string): Promise<LabelTemplate | undefined> {
  const row = await db.selectFrom('label_templates').select(columns).where('project_id', '=', projectId).where('id', '=', templateId).executeTakeFirst();
  return row ? toTemplate(row) : undefined;
}
