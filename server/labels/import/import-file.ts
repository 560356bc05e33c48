/**
 * An uploaded import file as the preview and the job read it: fetched from the file store (never
 * more than the upload limit into memory), parsed safely, turned into the file's table, and with a
 * template's lines (when one is chosen) into the labels it would add.
 */
import type { TemplateLineSpec } from '../../../contract/label-format.ts';
import { IMPORT_PREVIEW_ROWS, type ImportPreview, type ImportType } from '../../../contract/label-import.ts';
import { DomainError } from '../../../ledger/errors.ts';
import { TEMPLATE_NOT_FOUND } from '../../../ledger/label-template/decide.ts';
import { findTemplate } from '../../../projections/label-templates/queries.ts';
import { countExistingLabelTexts } from '../../../projections/labels/queries.ts';
import type { Db } from '../../../ledger/database.ts';
import { FileNotFoundError, FileTooLargeError, readWhole, type FileStore } from '../../storage/file-store.ts';
import { DEFAULT_PARSE_LIMITS, fileTypeOf, IMPORT_FILE_MESSAGES, ImportFileError, parseImportFile, type ParseLimits } from './parse-file.ts';
import { labelLinesOf, linesOf, readTable, type ImportTable } from './import-rows.ts';

export const IMPORT_FILE_MISSING = 'The uploaded file was not found; upload it again.';

export async function readImportTable(
  storage: FileStore,
  fileKey: string,
  importType: ImportType,
  maxBytes: number,
  limits: ParseLimits = DEFAULT_PARSE_LIMITS,
): Promise<ImportTable> {
  const type = fileTypeOf(fileKey);
  if (!type) throw new ImportFileError(IMPORT_FILE_MESSAGES.wrongType);
  let bytes: Buffer;
  try {
    bytes = await readWhole(storage, fileKey, maxBytes);
  } catch (error) {
    if (error instanceof FileNotFoundError) throw new DomainError('NOT_FOUND', IMPORT_FILE_MISSING);
    if (error instanceof FileTooLargeError) throw new ImportFileError(IMPORT_FILE_MESSAGES.parse(error.message));
    throw new ImportFileError(IMPORT_FILE_MESSAGES.read);
  }
  return readTable(await parseImportFile(bytes, type, limits), importType);
}

/** A template's lines, for a raw import that names one; refuses a template of another project. */
export async function templateLinesFor(db: Db, projectId: string, templateId: string | undefined | null): Promise<TemplateLineSpec[] | null> {
  if (!templateId) return null;
  const template = await findTemplate(db, projectId, templateId);
  if (!template) throw new DomainError('NOT_FOUND', TEMPLATE_NOT_FOUND);
  return template.template_data.lines;
}

export interface PreviewInput {
  projectId: string;
  importType: ImportType;
  system: string | null;
  clusterPod: string | null;
  template: TemplateLineSpec[] | null;
}

/** Spec 02 §3 Preview result, from at most 200 data rows, and the dry run over the whole file. */
export async function previewImport(db: Db, table: ImportTable, input: PreviewInput): Promise<ImportPreview> {
  const template = input.importType === 'raw' ? input.template : null;
  const preview_data = table.records.slice(0, IMPORT_PREVIEW_ROWS).map((record, i) => ({
    row_index: i + 1,
    ...(record.data ? { data_points: { ...record.data } as Record<string, string> } : {}),
    ...(!record.data || template ? { label_lines: linesOf(record, template) } : {}),
    system: input.system,
    cluster_pod: input.clusterPod,
  }));
  const labels = labelLinesOf(table, template);
  const duplicates = await countExistingLabelTexts(
    db,
    input.projectId,
    labels.map((lines) => lines.join('\n')),
  );
  return {
    preview_data,
    total_rows: table.records.length,
    columns: table.columns,
    import_type: table.importType,
    dry_run: { labels: labels.length, new: labels.length - duplicates, duplicates },
  };
}
