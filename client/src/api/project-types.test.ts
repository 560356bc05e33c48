import { describe, expect, it } from 'vitest';
import { currentProjectDiffers, projectLabel, toCurrentProject } from './project-types.ts';

describe('project naming', () => {
  it('shows number and name, or the name alone when there is no number', () => {
    expect(projectLabel({ project_number: '1001', project_name: 'North Yard' })).toBe('1001 · North Yard');
    expect(projectLabel({ project_number: '', project_name: 'North Yard' })).toBe('North Yard');
  });
});

describe('stored current project', () => {
  const stored = { id: 'p1', project_name: 'North', project_customer: null, project_number: '1' };

  it('keeps only what the session needs', () => {
    const full = { ...stored, num_id: 3, created_at: '2026-01-01', managing_logistics: true };
    expect(toCurrentProject(full)).toEqual(stored);
  });

  it('notices renames and changed customers or numbers', () => {
    expect(currentProjectDiffers(stored, { ...stored })).toBe(false);
    expect(currentProjectDiffers(stored, { ...stored, project_name: 'South' })).toBe(true);
    expect(currentProjectDiffers(stored, { ...stored, project_customer: 'ACME' })).toBe(true);
    expect(currentProjectDiffers(stored, { ...stored, project_number: '2' })).toBe(true);
  });
});
