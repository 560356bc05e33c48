import { findPreset } from '@contract/label-media.ts';
import { describe, expect, it } from 'vitest';
import { checkDraft, draftOf, mediumOf, type SheetDraft, withPage, withUnit } from './medium-draft.ts';

const l7160 = findPreset('avery-l7160')!.medium;
const avery5160 = findPreset('avery-5160')!.medium;

describe('the medium draft', () => {
  it('reads a preset back to the same medium in mm', () => {
    expect(checkDraft(draftOf(l7160))).toEqual({ ok: true, medium: l7160 });
    expect(checkDraft(draftOf(avery5160))).toEqual({ ok: true, medium: avery5160 });
  });

  it('shows a Letter preset in inches and its page as Letter', () => {
    const draft = draftOf(avery5160) as SheetDraft;
    expect(draft.unit).toBe('in');
    expect(draft.page).toBe('letter');
    expect(draft.lengths).toMatchObject({ label_width_mm: 2.625, label_height_mm: 1, margin_left_mm: 0.1875, gap_x_mm: 0.125 });
  });

  it('converts the numbers when the unit changes, and keeps the lengths in mm', () => {
    const inches = withUnit(draftOf(l7160), 'in') as SheetDraft;
    expect(inches.lengths.label_width_mm).toBe(2.5);
    expect(inches.lengths.margin_top_mm).toBe(0.5965);
    const back = withUnit(inches, 'mm') as SheetDraft;
    expect(back.lengths.label_width_mm).toBe(63.5);
    expect(mediumOf(inches)).toMatchObject({ unit: 'in', label_width_mm: 63.5, page_width_mm: 210 });
  });

  it('fills A4 and Letter pages in the unit shown', () => {
    const letter = withPage(draftOf(l7160) as SheetDraft, 'letter');
    expect(letter.lengths).toMatchObject({ page_width_mm: 215.9, page_height_mm: 279.4 });
    const a4 = withPage(withUnit(letter, 'in') as SheetDraft, 'a4');
    expect(a4.lengths).toMatchObject({ page_width_mm: 8.2677, page_height_mm: 11.6929 });
  });

  it('keeps each message with its field', () => {
    const draft = draftOf(l7160) as SheetDraft;
    const broken: SheetDraft = { ...draft, rows: '', lengths: { ...draft.lengths, label_height_mm: -1, gap_x_mm: '' } };
    const check = checkDraft(broken);
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(check.errors).toEqual({
      rows: 'Rows must be a number.',
      label_height_mm: 'Label height must be greater than 0.',
      gap_x_mm: 'Horizontal gap must be a number.',
    });
  });

  it('refuses a roll with no height, naming it', () => {
    const roll = draftOf(findPreset('roll-62x29')!.medium);
    if (roll.kind !== 'roll') throw new Error('a roll preset');
    const check = checkDraft({ ...roll, lengths: { ...roll.lengths, label_height_mm: 0 } });
    expect(check).toEqual({ ok: false, errors: { label_height_mm: 'Label height must be greater than 0.' } });
  });
});
