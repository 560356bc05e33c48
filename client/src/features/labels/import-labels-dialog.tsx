/**
 * Import Labels (spec 02 §2.12, §4.6): upload → preview (preformatted) or upload → template
 * selection → preview (raw) → importing. The file goes to the storage's upload URL, the server
 * previews it (200 rows and a dry run) and imports it as a job whose progress the dialog polls.
 * A template made here is applied as soon as it is saved. A preformatted file's first row is left
 * out when it looks like column names, and the person can say otherwise; the import does what the
 * preview showed. On success the dialog closes, the list reloads and a toast says how many; on
 * error it returns to the preview with the error in a red banner.
 */
import { Alert, Stack } from '@mantine/core';
import { useState } from 'react';
import type { ImportPreview } from '@contract/label-import.ts';
import { IMPORT_MESSAGES } from '@contract/label-import.ts';
import { messageOr, serverDetail } from '../../api/error-message.ts';
import {
  labelsChanged,
  uploadFile,
  useGetLabelUploadUrlMutation,
  usePreviewLabelImportMutation,
  useStartLabelImportMutation,
} from '../../api/label-import-api.ts';
import { useCreateLabelTemplateMutation, useListLabelTemplatesQuery } from '../../api/labels-api.ts';
import { useAppDispatch } from '../../shared/hooks.ts';
import { toast } from '../../shared/toast.ts';
import { AppModal } from '../../components/app-modal.tsx';
import { ImportHistory } from './import-history.tsx';
import { ImportingStep, PreviewStep, TemplateStep, UploadStep, type UploadForm } from './import-steps.tsx';
import { TemplateEditor } from './template-editor.tsx';
import { draftBody, newDraft, type TemplateDraft } from './template-model.ts';
import { useImportJob, type JobOutcome } from './use-import-job.ts';

type Step = 'upload' | 'template' | 'preview' | 'importing';
type AppliedTemplate = { id: string; name: string };
/** What a preview is asked for beyond the file: the template (raw) and the word on the first row (preformatted). */
type PreviewChoice = { template?: AppliedTemplate | null; firstRowHeader?: boolean };
const EMPTY_FORM: UploadForm = { file: null, importType: 'preformatted', system: '', clusterPod: '' };

export function ImportLabelsDialog({ opened, projectId, onClose }: { opened: boolean; projectId: string; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const [step, setStep] = useState<Step>('upload');
  const [form, setForm] = useState<UploadForm>(EMPTY_FORM);
  const [fileKey, setFileKey] = useState<string | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [templateId, setTemplateId] = useState<string | null>(null);
  const [applied, setApplied] = useState<AppliedTemplate | null>(null);
  /** The person's word on a preformatted file's first row, shown at once while the preview catches up. */
  const [firstRowHeader, setFirstRowHeader] = useState<boolean | undefined>(undefined);
  const [draft, setDraft] = useState<TemplateDraft | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [job, setJob] = useState<{ id: string; rows: number } | null>(null);
  const templates = useListLabelTemplatesQuery(projectId, { skip: !opened });
  const [getUploadUrl] = useGetLabelUploadUrlMutation();
  const [previewFile] = usePreviewLabelImportMutation();
  const [startImport] = useStartLabelImportMutation();
  const [createTemplate, creating] = useCreateLabelTemplateMutation();
  const templateList = templates.isError ? [] : (templates.data ?? []);

  const reset = () => {
    setStep('upload');
    setForm(EMPTY_FORM);
    setFileKey(null);
    setPreview(null);
    setTemplateId(null);
    setApplied(null);
    setFirstRowHeader(undefined);
    setError(null);
    setJob(null);
  };
  const close = () => {
    if (step === 'importing') return;
    reset();
    onClose();
  };
  const base = (key: string) => ({ file_key: key, project_id: projectId, import_type: form.importType, system: form.system, cluster_pod: form.clusterPod });

  const loadPreview = async (key: string, choice: PreviewChoice): Promise<ImportPreview | null> => {
    const answer = await previewFile({ ...base(key), template_id: choice.template?.id ?? null, first_row_header: choice.firstRowHeader });
    if ('error' in answer) {
      setError(messageOr(answer.error, IMPORT_MESSAGES.preview));
      return null;
    }
    return answer.data;
  };

  const uploadAndPreview = async () => {
    const file = form.file;
    if (!file) return;
    const extension = file.name.toLowerCase().match(/\.(csv|xlsx)$/)?.[1];
    if (!extension) return setError(IMPORT_MESSAGES.wrongType);
    if (file.size === 0) return setError(IMPORT_MESSAGES.empty);
    setBusy(true);
    setError(null);
    try {
      const url = await getUploadUrl({
        projectId,
        extension,
        contentType: file.type || (extension === 'csv' ? 'text/csv' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
      });
      if ('error' in url) return setError(messageOr(url.error, IMPORT_MESSAGES.uploadUrl));
      if (!(await uploadFile(url.data, file))) return setError(IMPORT_MESSAGES.upload);
      setFileKey(url.data.file_key);
      const first = await loadPreview(url.data.file_key, {});
      if (!first) return;
      setPreview(first);
      setApplied(null);
      setFirstRowHeader(undefined);
      setStep(form.importType === 'raw' && first.columns.length > 0 ? 'template' : 'preview');
    } finally {
      setBusy(false);
    }
  };

  /** Previews the file again with another choice; the preview and the applied template change together. */
  const reloadPreview = async (choice: PreviewChoice): Promise<boolean> => {
    if (!fileKey) return false;
    setBusy(true);
    setError(null);
    const next = await loadPreview(fileKey, choice);
    setBusy(false);
    if (!next) return false;
    setPreview(next);
    setApplied(choice.template ?? null);
    setStep('preview');
    return true;
  };

  const chooseFirstRow = async (header: boolean) => {
    setFirstRowHeader(header);
    if (!(await reloadPreview({ template: applied, firstRowHeader: header }))) setFirstRowHeader(undefined);
  };

  const applyTemplate = (id: string) => {
    const template = templateList.find((t) => t.id === id);
    if (template) void reloadPreview({ template: { id, name: template.name } });
  };

  const saveTemplate = async () => {
    if (!draft) return;
    const answer = await createTemplate({ projectId, body: draftBody(draft) });
    if ('error' in answer) return setError(serverDetail(answer.error) ?? IMPORT_MESSAGES.createTemplate);
    setDraft(null);
    // The template just made is the one the person wants: chosen, and the preview shown with it.
    setTemplateId(answer.data.id);
    await reloadPreview({ template: { id: answer.data.id, name: answer.data.name } });
  };

  const onJobDone = (outcome: JobOutcome) => {
    dispatch(labelsChanged(projectId));
    if (outcome.ok) {
      toast.success(IMPORT_MESSAGES.success(outcome.imported));
      reset();
      onClose();
    } else {
      setJob(null);
      setError(outcome.message);
      setStep('preview');
    }
  };
  const progress = useImportJob(job, onJobDone);

  const start = async () => {
    if (!fileKey || !preview) return;
    setBusy(true);
    setError(null);
    const answer = await startImport({ ...base(fileKey), template_id: applied?.id ?? null, first_row_header: preview.first_row?.skipped });
    setBusy(false);
    if ('error' in answer) return setError(IMPORT_MESSAGES.start(messageOr(answer.error, IMPORT_MESSAGES.importFailed)));
    setJob({ id: answer.data.job_id, rows: preview.dry_run.labels || preview.total_rows });
    setStep('importing');
  };

  const samples = (preview?.preview_data ?? []).slice(0, 5).map((row) => row.data_points ?? {});
  return (
    <>
      <AppModal opened={opened && !draft} onClose={close} title="Import Labels" size="xl" closeOnClickOutside={step !== 'importing'}>
        <Stack gap="md">
          {error && (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          )}
          {step === 'upload' && (
            <>
              <UploadStep form={form} onChange={setForm} onCancel={close} onPreview={() => void uploadAndPreview()} busy={busy} />
              {opened && <ImportHistory projectId={projectId} />}
            </>
          )}
          {step === 'template' && (
            <TemplateStep
              templates={templateList}
              chosen={templateId}
              onChoose={setTemplateId}
              onCreate={() => setDraft(newDraft(preview?.columns ?? []))}
              onBack={() => setStep('upload')}
              onNext={() => templateId && applyTemplate(templateId)}
              busy={busy}
            />
          )}
          {step === 'preview' && preview && (
            <PreviewStep
              preview={preview}
              templateName={applied?.name ?? null}
              onChangeTemplate={() => setStep('template')}
              firstRowHeader={firstRowHeader}
              onFirstRowHeader={(header) => void chooseFirstRow(header)}
              onCancel={close}
              onImport={() => void start()}
              busy={busy}
            />
          )}
          {step === 'importing' && <ImportingStep imported={progress.imported} total={progress.total} />}
        </Stack>
      </AppModal>
      {draft && (
        <TemplateEditor
          opened
          title="Create Template"
          draft={draft}
          onChange={setDraft}
          onCancel={() => setDraft(null)}
          onSave={() => void saveTemplate()}
          saving={creating.isLoading}
          samples={samples}
          error={error}
        />
      )}
    </>
  );
}
