import { describe, expect, it } from 'vitest';
import { formatLabel, formatLine, type TemplateLineSpec } from './label-format.ts';

const line = (over: Partial<TemplateLineSpec> = {}): TemplateLineSpec => ({
  id: 'l1',
  fields: [
    { name: 'Rack', prependText: '', appendText: '' },
    { name: 'Port', prependText: '', appendText: '' },
  ],
  separator: ' ',
  casing: 'none',
  ...over,
});

describe('the label template formatting rules (spec 02 §5, Template)', () => {
  it('joins the values of a line with its separator', () => {
    expect(formatLine(line(), { Rack: 'r1', Port: 'p2' })).toBe('r1 p2');
    expect(formatLine(line({ separator: ' / ' }), { Rack: 'r1', Port: 'p2' })).toBe('r1 / p2');
  });

  it('skips a field with no value, with its prepend and append text', () => {
    const wrapped = line({
      fields: [
        { name: 'Rack', prependText: 'R:', appendText: ';' },
        { name: 'Port', prependText: 'P:', appendText: '' },
      ],
      separator: '-',
    });
    expect(formatLine(wrapped, { Rack: '', Port: '7' })).toBe('P:7');
    expect(formatLine(wrapped, { Port: '7' })).toBe('P:7');
    expect(formatLine(wrapped, { Rack: '   ', Port: '7' })).toBe('P:7');
  });

  it('wraps the value in the prepend and append text', () => {
    expect(formatLine(line({ fields: [{ name: 'Rack', prependText: '[', appendText: ']' }] }), { Rack: 'A1' })).toBe('[A1]');
  });

  it('applies casing to the value only, never to the prepend or append text', () => {
    const cased = (casing: TemplateLineSpec['casing']) => line({ fields: [{ name: 'Rack', prependText: 'Rk ', appendText: ' end' }], casing });
    expect(formatLine(cased('uppercase'), { Rack: 'ab-c' })).toBe('Rk AB-C end');
    expect(formatLine(cased('lowercase'), { Rack: 'AB-C' })).toBe('Rk ab-c end');
    expect(formatLine(cased('none'), { Rack: 'Ab-C' })).toBe('Rk Ab-C end');
  });

  it('gives no line for a line with no values', () => {
    expect(formatLine(line(), { Rack: '', Port: null })).toBeNull();
    expect(formatLine(line({ fields: [] }), { Rack: 'x' })).toBeNull();
  });

  it('drops a line with no values from an imported label', () => {
    const lines = [
      line({ id: 'a', fields: [{ name: 'Rack', prependText: '', appendText: '' }] }),
      line({ id: 'b', fields: [{ name: 'Port', prependText: '', appendText: '' }] }),
    ];
    expect(formatLabel(lines, { Rack: '', Port: 'p' }, 'import')).toEqual(['p']);
  });

  it('keeps such a line blank on import when the line says leaveBlankIfNoData', () => {
    const lines = [
      line({ id: 'a', fields: [{ name: 'Rack', prependText: 'R', appendText: '' }], leaveBlankIfNoData: true }),
      line({ id: 'b', fields: [{ name: 'Port', prependText: '', appendText: '' }] }),
    ];
    expect(formatLabel(lines, { Port: 'p' }, 'import')).toEqual(['', 'p']);
  });

  it('shows a line with no values as an empty line in the editor preview', () => {
    const lines = [
      line({ id: 'a', fields: [{ name: 'Rack', prependText: '', appendText: '' }] }),
      line({ id: 'b', fields: [{ name: 'Port', prependText: '', appendText: '' }] }),
    ];
    expect(formatLabel(lines, { Port: 'p' }, 'editor')).toEqual(['', 'p']);
  });

  it('trims values before formatting them', () => {
    expect(formatLine(line(), { Rack: '  r1 ', Port: ' p2' })).toBe('r1 p2');
  });
});
