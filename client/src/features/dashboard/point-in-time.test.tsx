// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { instantOf, isPast, NOW, PointInTimeControl, pointInTimeLabel } from './point-in-time.tsx';

describe('the inventory point in time', () => {
  it('is today with both fields empty, and names what it shows otherwise', () => {
    expect(isPast(NOW)).toBe(false);
    expect(pointInTimeLabel(NOW)).toBeNull();
    expect(instantOf('2026-11-17T09:30')).toBe(new Date('2026-11-17T09:30').toISOString());
    expect(instantOf('not a time')).toBeNull();
    const both = { asOf: '2026-11-17T09:30', asKnownOn: '2026-11-23T18:00' };
    expect(isPast(both)).toBe(true);
    expect(pointInTimeLabel(both)).toBe(
      `Stock as of ${new Date('2026-11-17T09:30').toLocaleString()}, as known on ${new Date('2026-11-23T18:00').toLocaleString()}`,
    );
    expect(pointInTimeLabel({ asOf: '', asKnownOn: '2026-11-23T18:00' })).toMatch(/^Stock as known on /);
  });

  it('goes back to now with one button', async () => {
    const onChange = vi.fn();
    const { user } = renderWithProviders(<PointInTimeControl value={{ asOf: '', asKnownOn: '2026-11-23T18:00' }} onChange={onChange} />);
    expect(screen.getByRole('status').textContent).toMatch(/^Stock as known on /);
    await user.click(screen.getByRole('button', { name: 'Now' }));
    expect(onChange).toHaveBeenCalledWith(NOW);
  });
});
