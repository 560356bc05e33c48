// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { TemplateEditor } from './template-editor.tsx';
import { newDraft } from './template-model.ts';

function Harness({ saving = false }: { saving?: boolean }) {
  const [draft, setDraft] = useState(() => newDraft(['Rack', 'Port']));
  return <TemplateEditor opened title="Create Template" draft={draft} onChange={setDraft} onCancel={() => {}} onSave={() => {}} saving={saving} />;
}

const previewRows = () => within(screen.getByRole('table', { name: 'Template preview' })).getAllByRole('row');

describe('the template editor', () => {
  it('keeps Save disabled until the template has a name and a line with a field, saying why', async () => {
    const { user } = renderWithProviders(<Harness />);
    const save = screen.getByRole('button', { name: 'Save Template' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    expect(screen.getByText('Template name is required')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Template name' }), 'Racks');
    expect(save.disabled).toBe(true);
    expect(screen.getByText('Template lines need at least one field')).toBeTruthy();
    await user.click(screen.getByText('Rack'));
    expect(save.disabled).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Remove line' }));
    expect(save.disabled).toBe(true);
    expect(screen.getByText('At least one template line is required')).toBeTruthy();
  });

  it('adds fields to the active line and previews five sample rows live', async () => {
    const { user } = renderWithProviders(<Harness />);
    expect(previewRows()).toHaveLength(5);
    await user.click(screen.getByText('Rack'));
    await user.click(screen.getByText('Port'));
    expect(previewRows()[0]!.textContent).toBe('1Rack 1 Port 1');
    await user.type(screen.getAllByRole('textbox', { name: 'Append' })[0]!, ':');
    expect(previewRows()[1]!.textContent).toBe('2Rack 2: Port 2');
    // A used field's x returns it to the available fields.
    await user.click(screen.getByRole('button', { name: 'Remove Port from the template' }));
    expect(previewRows()[0]!.textContent).toBe('1Rack 1:');
  });

  it('says Saving... while it saves', () => {
    renderWithProviders(<Harness saving />);
    expect(screen.getByRole('button', { name: 'Saving...' })).toBeTruthy();
  });
});
