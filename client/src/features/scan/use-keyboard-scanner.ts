/**
 * A keyboard-mode scanner (USB or Bluetooth) on any screen: its bursts are read by the burst
 * detector and published as scans. Mounted once in the signed-in layout. Keys are heard on the
 * window in the capture phase, before any field or shortcut; what a burst typed into the focused
 * field is taken back, so a scan never lands in a search box or submits a form by accident.
 */
import { useEffect } from 'react';
import { BURST_GAP_MS, createBurstDetector } from './burst-detector.ts';
import { publishScan } from './scan-events.ts';

type TextField = HTMLInputElement | HTMLTextAreaElement;

function focusedField(): TextField | null {
  const active = document.activeElement;
  if (active instanceof HTMLTextAreaElement) return active;
  // Only inputs that take typed text; a checkbox or a button has no value to restore.
  if (active instanceof HTMLInputElement && active.selectionStart !== null) return active;
  return null;
}

/** Sets a field's value the way typing does, so React's onChange sees it. */
function setFieldValue(field: TextField, value: string, caret: number): void {
  const proto = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(field, value);
  field.setSelectionRange(caret, caret);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

function insertAtCaret(field: TextField, text: string): void {
  const start = field.selectionStart ?? field.value.length;
  const end = field.selectionEnd ?? start;
  setFieldValue(field, field.value.slice(0, start) + text + field.value.slice(end), start + text.length);
}

export function useKeyboardScanner(): void {
  useEffect(() => {
    const detector = createBurstDetector();
    /** The field focused when the run began, and its value before the run's first key. */
    let before: { field: TextField; value: string; caret: number } | null = null;
    let quiet: ReturnType<typeof setTimeout> | undefined;

    const giveBack = (text: string) => {
      if (!text) return;
      const field = focusedField();
      if (field) insertAtCaret(field, text);
    };
    // Key times are the events' own; the quiet-while check reads the same clock by counting from the last key.
    let lastKey = { stamp: 0, local: 0 };
    const settle = () => giveBack(detector.settle(lastKey.stamp + performance.now() - lastKey.local));

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.isComposing) return;
      lastKey = { stamp: event.timeStamp, local: performance.now() };
      const step = detector.key({ key: event.key, at: event.timeStamp, modified: event.ctrlKey || event.altKey || event.metaKey || event.repeat });
      giveBack(step.giveBack);
      if (step.runStarted) {
        const field = focusedField();
        before = field ? { field, value: field.value, caret: field.selectionStart ?? field.value.length } : null;
      }
      if (step.hold) {
        event.preventDefault();
        event.stopPropagation();
      }
      clearTimeout(quiet);
      // Checked a little after the gap, so keys queued behind a busy render are read first.
      if (detector.holding()) quiet = setTimeout(settle, BURST_GAP_MS * 3);
      if (step.scan !== null) {
        if (before?.field.isConnected && before.field.value !== before.value) setFieldValue(before.field, before.value, before.caret);
        before = null;
        publishScan({ text: step.scan, source: 'scanner', format: null });
      }
    };

    const onKeyUp = (event: KeyboardEvent) => detector.release(event.timeStamp);

    window.addEventListener('keydown', onKeyDown, true);
    window.addEventListener('keyup', onKeyUp, true);
    return () => {
      window.removeEventListener('keydown', onKeyDown, true);
      window.removeEventListener('keyup', onKeyUp, true);
      clearTimeout(quiet);
    };
  }, []);
}
