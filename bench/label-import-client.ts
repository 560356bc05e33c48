/**
 * A label import over HTTP as the browser makes it (upload URL, multipart POST, start, status
 * polls), for the benchmark and the durability check; and the rows of the files they import.
 */
export interface ImportStatusAnswer {
  status: 'queued' | 'running' | 'success' | 'error';
  imported: number;
  total: number;
  message: string;
}

/** The n-th row of a preformatted label file: a cable id, its rack and its port. */
export const importRow = (n: number): string[] => [`CAB-${String(n).padStart(7, '0')}`, `RACK ${n % 500} U${(n % 42) + 1}`, `PORT ${n % 48} -> SW-${n % 400}`];

export function importRows(count: number): string[][] {
  return Array.from({ length: count }, (_, i) => importRow(i + 1));
}

export async function uploadImportFile(baseUrl: string, cookie: string, projectId: string, bytes: Buffer, extension: 'csv' | 'xlsx'): Promise<string> {
  const answer = await fetch(`${baseUrl}/api/labels/upload-url?file_extension=${extension}&project_id=${projectId}`, { method: 'POST', headers: { cookie } });
  if (!answer.ok) throw new Error(`upload-url: ${answer.status} ${await answer.text()}`);
  const upload = (await answer.json()) as { upload_url: string; fields: Record<string, string>; file_key: string };
  const form = new FormData();
  for (const [name, value] of Object.entries(upload.fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(bytes)]), `labels.${extension}`);
  // The upload link is this session's, as the browser's same-origin POST carries its cookie.
  const posted = await fetch(new URL(upload.upload_url, baseUrl), { method: 'POST', body: form, headers: { cookie } });
  if (!posted.ok) throw new Error(`upload: ${posted.status} ${await posted.text()}`);
  return upload.file_key;
}

export async function startImport(baseUrl: string, cookie: string, projectId: string, fileKey: string): Promise<string> {
  const query = new URLSearchParams({ file_key: fileKey, project_id: projectId, import_type: 'preformatted' });
  const answer = await fetch(`${baseUrl}/api/labels/import-from-s3/async/start?${query}`, { method: 'POST', headers: { cookie } });
  if (!answer.ok) throw new Error(`start: ${answer.status} ${await answer.text()}`);
  return ((await answer.json()) as { job_id: string }).job_id;
}

export async function importStatus(baseUrl: string, cookie: string, jobId: string): Promise<ImportStatusAnswer> {
  const answer = await fetch(`${baseUrl}/api/labels/import-from-s3/async/status?job_id=${jobId}`, { headers: { cookie } });
  if (!answer.ok) throw new Error(`status: ${answer.status} ${await answer.text()}`);
  return (await answer.json()) as ImportStatusAnswer;
}

/** Polls until `done` says so or the deadline passes; the last status either way. */
export async function pollImport(
  baseUrl: string,
  cookie: string,
  jobId: string,
  done: (s: ImportStatusAnswer) => boolean,
  options: { everyMs: number; timeoutMs: number },
): Promise<ImportStatusAnswer> {
  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    const status = await importStatus(baseUrl, cookie, jobId);
    if (done(status) || status.status === 'error' || Date.now() > deadline) return status;
    await new Promise((resolve) => setTimeout(resolve, options.everyMs));
  }
}
