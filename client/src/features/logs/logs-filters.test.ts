import { describe, expect, it } from 'vitest';
import { entriesLabel, readLogsFilter, toggleAssignmentType, writeLogsFilter } from './logs-filters.ts';

describe('logs filters', () => {
  it('counts entries, and says 10,000+ when the server stopped counting', () => {
    expect(entriesLabel({ total: 1, total_capped: false })).toBe('1 entry');
    expect(entriesLabel({ total: 250, total_capped: false })).toBe('250 entries');
    expect(entriesLabel({ total: 10_000, total_capped: true })).toBe('10,000+ entries');
  });

  it('reads the defaults: every type, all time, no search, first page', () => {
    expect(readLogsFilter(new URLSearchParams(), 'project')).toEqual({ types: [], days: 'all', q: '', page: 1 });
    expect(readLogsFilter(new URLSearchParams(), 'assignments').types).toEqual(['Assign', 'Unassign']);
  });

  it('reads types without regard to case and drops what the page does not offer', () => {
    const params = new URLSearchParams({ type: 'LOST,found,bogus', days: '7', q: 'bolt', page: '3' });
    expect(readLogsFilter(params, 'project')).toEqual({ types: ['Lost', 'Found'], days: '7', q: 'bolt', page: 3 });
    expect(readLogsFilter(new URLSearchParams({ type: 'receive' }), 'assignments').types).toEqual(['Assign', 'Unassign']);
    expect(readLogsFilter(new URLSearchParams({ days: '2', page: '-4' }), 'project')).toMatchObject({ days: 'all', page: 1 });
  });

  it('writes only what differs from the defaults, and reads back the same', () => {
    expect(writeLogsFilter({ types: [], days: 'all', q: '', page: 1 }, 'project').toString()).toBe('');
    const filter = { types: ['Unassign' as const], days: '30' as const, q: 'grace', page: 2 };
    const params = writeLogsFilter(filter, 'assignments');
    expect(params.toString()).toBe('type=unassign&days=30&q=grace&page=2');
    expect(readLogsFilter(params, 'assignments')).toEqual(filter);
  });

  it('keeps at least one of Assign and Unassign switched on', () => {
    expect(toggleAssignmentType(['Assign', 'Unassign'], 'Assign')).toEqual(['Unassign']);
    expect(toggleAssignmentType(['Unassign'], 'Unassign')).toEqual(['Unassign']);
    expect(toggleAssignmentType(['Unassign'], 'Assign')).toEqual(['Assign', 'Unassign']);
  });
});
