/**
 * The template editor's preview (client) and the import (server) format the same fixtures the
 * same way: the editor shows every line, the import drops the lines with no values that are not
 * kept blank, and nothing else differs.
 */
import { describe, expect, it } from 'vitest';
import type { DataRow } from '../../contract/label-format.ts';
import type { TemplateData } from '../../contract/labels.ts';
import { previewLabels } from '../../client/src/features/labels/template-preview.ts';
import { templatedLabels } from './label-rows.ts';

const template: TemplateData = {
  columns: ['Rack', 'Unit', 'Port', 'Note'],
  lines: [
    {
      id: 'a',
      fields: [
        { name: 'Rack', prependText: 'R', appendText: '' },
        { name: 'Unit', prependText: 'U', appendText: '' },
      ],
      separator: '-',
      casing: 'uppercase',
    },
    { id: 'b', fields: [{ name: 'Port', prependText: 'Port ', appendText: '' }], separator: ' ', casing: 'none', leaveBlankIfNoData: true },
    { id: 'c', fields: [{ name: 'Note', prependText: '(', appendText: ')' }], separator: ' ', casing: 'lowercase' },
  ],
};

const fixtures: DataRow[] = [
  { Rack: 'a1', Unit: '12', Port: '3', Note: 'SPARE' },
  { Rack: 'b2', Unit: '', Port: '', Note: 'Check' },
  { Rack: '', Unit: '', Port: '7', Note: '' },
  { Rack: ' c3 ', Unit: ' 4 ', Port: null, Note: undefined },
  { Rack: 'x', Port: 'p', Note: 'n' },
];

describe('template preview and import', () => {
  it('agree on every fixture', () => {
    const preview = previewLabels(template, fixtures);
    const imported = templatedLabels(template.lines, fixtures).map((l) => l.lines);
    expect(preview).toEqual([
      ['RA1-U12', 'Port 3', '(spare)'],
      ['RB2', '', '(check)'],
      ['', 'Port 7', ''],
      ['RC3-U4', '', ''],
      ['RX', 'Port p', '(n)'],
    ]);
    // The import drops line c where it has no value, and keeps line b (leaveBlankIfNoData) blank.
    const dropped = preview.map((lines) => lines.filter((text, i) => text !== '' || template.lines[i]!.leaveBlankIfNoData));
    expect(imported).toEqual(dropped);
  });
});
