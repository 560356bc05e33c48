/**
 * The preview follows the settings: a settled change (400 ms without another) asks the server
 * again; only the answer to the latest settings is shown, and a refusal keeps the last good page
 * beside its message so the person can see what they are fixing.
 */
import type { PrintBodyInput, PrintPreview } from '@contract/label-print.ts';
import { useEffect, useRef, useState } from 'react';
import { messageOr, serverField } from '../../api/error-message.ts';
import { usePreviewPrintMutation } from './label-print-api.ts';

export const PREVIEW_DEBOUNCE_MS = 400;

export function usePrintPreview(body: PrintBodyInput | null) {
  const [preview, setPreview] = useState<PrintPreview | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** The request field a refusal named ("copies", "medium.rows"), to mark its box too. */
  const [errorField, setErrorField] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [ask] = usePreviewPrintMutation();
  const latest = useRef(0);
  const key = body ? JSON.stringify(body) : null;

  useEffect(() => {
    const request = ++latest.current;
    if (key === null) {
      setLoading(false);
      return;
    }
    setLoading(true);
    const timer = setTimeout(async () => {
      const answer = await ask(JSON.parse(key) as PrintBodyInput);
      if (request !== latest.current) return;
      setLoading(false);
      if ('error' in answer) {
        setError(messageOr(answer.error, 'The preview could not be made. Try again.'));
        setErrorField(serverField(answer.error));
      } else {
        setPreview(answer.data);
        setError(null);
        setErrorField(null);
      }
    }, PREVIEW_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [key, ask]);

  return { preview, error, errorField, loading };
}
