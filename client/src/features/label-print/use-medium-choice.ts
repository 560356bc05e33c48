/**
 * Which medium the dialog prints on: a preset, a saved medium or a custom one, and the numbers in
 * its editor. Choosing a preset fills the numbers; changing a number makes the medium custom, so
 * a person can start from a preset and adjust it to their stock.
 */
import { findPreset, type MediaUnit, type SavedMedium } from '@contract/label-media.ts';
import { useMemo, useState } from 'react';
import { CUSTOM_ROLL, CUSTOM_SHEET, checkDraft, draftOf, firstRoll, firstSheet, type MediumDraft, savedChoice, withUnit } from './medium-draft.ts';

export const DEFAULT_CHOICE = 'avery-l7160';

export function mediumForChoice(choice: string, saved: readonly SavedMedium[]) {
  if (choice === CUSTOM_SHEET) return firstSheet();
  if (choice === CUSTOM_ROLL) return firstRoll();
  if (choice.startsWith('saved:')) return saved.find((s) => savedChoice(s.id) === choice)?.medium ?? null;
  return findPreset(choice)?.medium ?? null;
}

export function useMediumChoice(saved: readonly SavedMedium[]) {
  const [choice, setChoice] = useState(DEFAULT_CHOICE);
  const [draft, setDraft] = useState<MediumDraft>(() => draftOf(findPreset(DEFAULT_CHOICE)!.medium));
  const check = useMemo(() => checkDraft(draft), [draft]);

  const choose = (next: string) => {
    const medium = mediumForChoice(next, saved);
    if (!medium) return;
    setChoice(next);
    // A custom editor opens on the numbers already there when they are of its kind.
    if ((next === CUSTOM_SHEET && draft.kind === 'sheet') || (next === CUSTOM_ROLL && draft.kind === 'roll')) return;
    setDraft(draftOf(medium));
  };
  const edit = (next: MediumDraft) => {
    setDraft(next);
    setChoice(next.kind === 'sheet' ? CUSTOM_SHEET : CUSTOM_ROLL);
  };
  /** A medium just saved: chosen at once, before the list of saved media has refreshed. */
  const chooseSaved = (item: SavedMedium) => {
    setChoice(savedChoice(item.id));
    setDraft(draftOf(item.medium));
  };
  const changeUnit = (unit: MediaUnit) => setDraft((d) => withUnit(d, unit));

  return { choice, draft, check, choose, chooseSaved, edit, changeUnit };
}

export type MediumChoice = ReturnType<typeof useMediumChoice>;
