import { describe, expect, it } from 'vitest';
import { messageOr, serverField } from './error-message.ts';

const refused = (body: unknown) => ({ status: 400, data: body });

describe('server error messages', () => {
  it('uses the message as the sentence and the field to place it', () => {
    const error = refused({ error: 'VALIDATION', message: 'Part name is too long (at most 200 characters).', field: 'part_name' });
    expect(messageOr(error, 'Failed')).toBe('Part name is too long (at most 200 characters).');
    expect(serverField(error)).toBe('part_name');
  });

  it('drops the field prefix of older answers and says too long in words', () => {
    const error = refused({ error: 'VALIDATION', message: 'part_name: Too big: expected string to have <=200 characters' });
    expect(messageOr(error, 'Failed')).toBe('Part name is too long (at most 200 characters).');
    expect(serverField(error)).toBe('part_name');
    expect(messageOr(refused({ error: 'VALIDATION', message: 'project_name: Project name is required' }), 'Failed')).toBe('Project name is required');
  });

  it('keeps sentences that merely contain a colon', () => {
    expect(messageOr(refused({ error: 'CONFLICT', message: 'Part number already exists: P-100' }), 'Failed')).toBe('Part number already exists: P-100');
    expect(messageOr({ status: 'FETCH_ERROR', error: 'offline' }, 'Failed to fetch logs')).toBe('Failed to fetch logs');
  });
});
