/**
 * Downloads. Server exports are fetched by the browser itself through an anchor (the session
 * cookies go along and a large CSV streams to disk instead of through memory); files the client
 * makes, like the bulk template, are handed over as a Blob.
 */

function clickAnchor(href: string, fileName?: string): void {
  const anchor = document.createElement('a');
  anchor.href = href;
  // Without a name the server's Content-Disposition (a timestamped file name) decides.
  anchor.download = fileName ?? '';
  anchor.rel = 'noopener';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}

export function downloadFromServer(url: string): void {
  clickAnchor(url);
}

export function downloadText(fileName: string, text: string, type = 'text/csv;charset=utf-8'): void {
  downloadBlob(fileName, new Blob([text], { type }));
}

export function downloadBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  clickAnchor(url, fileName);
  // Revoked on the next tick: the click has started the download by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
