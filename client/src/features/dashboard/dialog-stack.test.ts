import { describe, expect, it } from 'vitest';
import { dialogStack, type DashboardDialog } from './dialog-stack.ts';

describe('dialog stack', () => {
  const details: DashboardDialog = { kind: 'details', materialId: 'm1' };
  const explain: DashboardDialog = { kind: 'explain', materialId: 'm1', figure: 'on_hand' };

  it('opens on top and goes back to the dialog underneath', () => {
    const opened = dialogStack(dialogStack([], { type: 'open', dialog: details }), { type: 'open', dialog: explain });
    expect(opened.at(-1)).toEqual(explain);
    expect(dialogStack(opened, { type: 'back' })).toEqual([details]);
    expect(dialogStack([], { type: 'back' })).toEqual([]);
  });

  it('closes everything at once', () => {
    expect(dialogStack([details, explain], { type: 'closeAll' })).toEqual([]);
  });
});
