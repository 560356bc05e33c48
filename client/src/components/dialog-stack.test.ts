import { describe, expect, it } from 'vitest';
import { pushDialog, topDialog } from './dialog-stack.ts';

describe('open dialogs', () => {
  it('puts the newest dialog on top and uncovers the one beneath when it closes', () => {
    const closeManage = pushDialog('manage-project');
    const closeAdd = pushDialog('add-users');
    expect(topDialog()).toBe('add-users');
    closeAdd();
    expect(topDialog()).toBe('manage-project');
    closeManage();
    expect(topDialog()).toBeUndefined();
  });
});
