import { describe, expect, it } from 'vitest';
import { labelRect, labelsPerPage, MEDIUM_PRESETS, medium, pageCount, pageSize, type SheetMedium } from './label-media.ts';

const preset = (id: string) => {
  const found = MEDIUM_PRESETS.find((p) => p.id === id);
  if (!found) throw new Error(id);
  return found.medium;
};

describe('label media', () => {
  it('has the Avery sheets the crews buy, each adding up to its page within a tenth of a millimetre', () => {
    const expected: Record<string, [number, number]> = {
      'avery-l7160': [21, 210],
      'avery-l7163': [14, 210],
      'avery-l7651': [65, 210],
      'avery-5160': [30, 215.9],
      'avery-5163': [10, 215.9],
      'avery-5167': [80, 215.9],
    };
    for (const [id, [perSheet, width]] of Object.entries(expected)) {
      const m = preset(id) as SheetMedium;
      expect(medium.parse(m)).toEqual(m);
      expect(labelsPerPage(m)).toBe(perSheet);
      expect(m.page_width_mm).toBeCloseTo(width, 1);
      const across = 2 * m.margin_left_mm + m.columns * m.label_width_mm + (m.columns - 1) * m.gap_x_mm;
      const down = 2 * m.margin_top_mm + m.rows * m.label_height_mm + (m.rows - 1) * m.gap_y_mm;
      expect(Math.abs(across - m.page_width_mm)).toBeLessThan(0.15);
      expect(Math.abs(down - m.page_height_mm)).toBeLessThan(0.15);
    }
  });

  it('places labels across then down, starting at a partly used sheet position', () => {
    const l7160 = preset('avery-l7160');
    expect(labelRect(l7160, 0)).toEqual({ page: 0, x_mm: 7.2, y_mm: 15.15, width_mm: 63.5, height_mm: 38.1 });
    expect(labelRect(l7160, 1).x_mm).toBeCloseTo(7.2 + 66, 6);
    expect(labelRect(l7160, 3).y_mm).toBeCloseTo(15.15 + 38.1, 6);
    // Starting at position 20 of 21: two labels finish the first sheet, the third opens the second.
    expect(labelRect(l7160, 0, 20)).toMatchObject({ page: 0, x_mm: 7.2 + 66 });
    expect(labelRect(l7160, 2, 20)).toMatchObject({ page: 1, x_mm: 7.2, y_mm: 15.15 });
    expect(pageCount(l7160, 30)).toBe(2);
    expect(pageCount(l7160, 250)).toBe(12);
    expect(pageCount(l7160, 2, 20)).toBe(1);
    expect(pageCount(l7160, 3, 20)).toBe(2);
    expect(pageCount(l7160, 0)).toBe(0);
  });

  it('prints a roll one label to a page of the label size', () => {
    const roll = preset('roll-62x29');
    expect(pageSize(roll)).toEqual({ width_mm: 62, height_mm: 29 });
    expect(labelRect(roll, 7)).toEqual({ page: 7, x_mm: 0, y_mm: 0, width_mm: 62, height_mm: 29 });
    expect(pageCount(roll, 5)).toBe(5);
  });

  it('refuses sizes of zero or less and labels that overflow their page, naming the field and the numbers', () => {
    const l7160 = preset('avery-l7160') as SheetMedium;
    const zero = medium.safeParse({ ...l7160, label_width_mm: 0 });
    expect(zero.success).toBe(false);
    expect(zero.error?.issues[0]).toMatchObject({ path: ['label_width_mm'], message: 'Label width must be greater than 0.' });
    const negative = medium.safeParse({ kind: 'roll', label_width_mm: 50, label_height_mm: -1, dpi: 203 });
    expect(negative.error?.issues[0]).toMatchObject({ path: ['label_height_mm'], message: 'Label height must be greater than 0.' });
    const wide = medium.safeParse({ ...l7160, columns: 4 });
    expect(wide.error?.issues[0]).toMatchObject({ path: ['columns'], message: 'The labels reach 268.7 mm across but the page is only 210 mm wide.' });
    const dpi = medium.safeParse({ kind: 'roll', label_width_mm: 50, label_height_mm: 30, dpi: 600 });
    expect(dpi.error?.issues[0]?.message).toBe('Resolution must be 203 or 300 dpi.');
  });
});
