// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Scan, setFallbackScanHandler } from './scan-events.ts';
import { useKeyboardScanner } from './use-keyboard-scanner.ts';

/** A search box as the pages have them: React owns its value. */
function Page() {
  useKeyboardScanner();
  const [search, setSearch] = useState('bolt');
  return (
    <form onSubmit={(e) => e.preventDefault()}>
      <input aria-label="Search" value={search} onChange={(e) => setSearch(e.currentTarget.value)} />
      <output aria-label="Seen">{search}</output>
    </form>
  );
}

/** A key as the browser delivers it `gap` ms after the last: keydown, then the character typed when it was not held back. */
function press(field: HTMLInputElement, key: string, gap: number): boolean {
  vi.advanceTimersByTime(gap);
  const delivered = fireEvent.keyDown(field, { key });
  if (delivered && key.length === 1) {
    const at = field.selectionStart ?? field.value.length;
    fireEvent.change(field, { target: { value: field.value.slice(0, at) + key + field.value.slice(at) } });
  }
  return delivered;
}

let scans: Scan[];
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date', 'performance', 'setTimeout', 'clearTimeout'] });
  scans = [];
  setFallbackScanHandler((scan) => scans.push(scan));
});
afterEach(() => {
  cleanup();
  setFallbackScanHandler(null);
  vi.useRealTimers();
});

describe('a keyboard-mode scanner on a page', () => {
  it('publishes a burst ending in Enter and leaves the focused field as it was', () => {
    render(<Page />);
    const field = screen.getByRole('textbox', { name: 'Search' }) as HTMLInputElement;
    field.focus();
    field.setSelectionRange(4, 4);
    const delivered = [...'P-100'].map((key, i) => press(field, key, i === 0 ? 500 : 5));
    expect(delivered).toEqual([true, false, false, false, false]);
    expect(field.value).toBe('boltP');
    expect(press(field, 'Enter', 5)).toBe(false);
    expect(scans).toEqual([{ text: 'P-100', source: 'scanner', format: null }]);
    expect(field.value).toBe('bolt');
    expect(screen.getByRole('status', { name: 'Seen' }).textContent).toBe('bolt');
  });

  it('gives a fast run without Enter back to the field, where the caret is', () => {
    render(<Page />);
    const field = screen.getByRole('textbox', { name: 'Search' }) as HTMLInputElement;
    field.focus();
    field.setSelectionRange(4, 4);
    press(field, 's', 500);
    press(field, 'x', 10);
    expect(field.value).toBe('bolts');
    vi.advanceTimersByTime(200);
    expect(field.value).toBe('boltsx');
    expect(screen.getByRole('status', { name: 'Seen' }).textContent).toBe('boltsx');
    expect(scans).toEqual([]);
  });

  it('lets a person’s typing and Enter through', () => {
    render(<Page />);
    const field = screen.getByRole('textbox', { name: 'Search' }) as HTMLInputElement;
    field.focus();
    field.setSelectionRange(4, 4);
    expect([...'s M8'].map((key) => press(field, key, 150))).toEqual([true, true, true, true]);
    expect(press(field, 'Enter', 150)).toBe(true);
    expect(field.value).toBe('bolts M8');
    expect(scans).toEqual([]);
  });
});
