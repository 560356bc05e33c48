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
import { fileTypeOf, IMPORT_FILE_MESSAGES, ImportFileError, parseImportFile, type ParseOptions } from './parse-file.ts';
import { labelLinesOf, linesOf, readTable, type ImportTable } from './import-rows.ts';

export const IMPORT_FILE_MISSING = 'The uploaded file was not found; upload it again.';

// Each step over a large file holds this thread for tens of milliseconds; between two of them the
// requests that arrived meanwhile are answered, so a preview never holds the server for all of them.
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** How the file is read: its import type and, for a preformatted file, the person's word on its first row. */
export interface TableReading {
  importType: ImportType;
  firstRowHeader?: boolean | undefined;
}

export async function readImportTable(
  storage: FileStore,
  fileKey: string,
  reading: TableReading,
  maxBytes: number,
  parse: Omit<ParseOptions, 'fileName'> = {},
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
  // The stored name is all the server knows of the file; the browser keeps the one it was chosen by.
  const fileName = fileKey.slice(fileKey.lastIndexOf('/') + 1);
  const rows = await parseImportFile(bytes, type, { ...parse, fileName });
  await nextTurn();
  return readTable(rows, reading.importType, reading.firstRowHeader);
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
  await nextTurn();
  const preview_data = table.records.slice(0, IMPORT_PREVIEW_ROWS).map((record, i) => ({
    row_index: i + 1,
    ...(record.data ? { data_points: { ...record.data } as Record<string, string> } : {}),
    ...(!record.data || template ? { label_lines: linesOf(record, template) } : {}),
    system: input.system,
    cluster_pod: input.clusterPod,
  }));
  const labels = labelLinesOf(table, template);
  await nextTurn();
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
    first_row: table.firstRow && { cells: table.firstRow.cells, looks_like_header: table.firstRow.looksLikeHeader, skipped: table.firstRow.skipped },
    dry_run: { labels: labels.length, new: labels.length - duplicates, duplicates },
  };
}
