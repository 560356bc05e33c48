/** The warehouse action bar (spec 02 §2.4): receive, return, assign to project, unassign, relocate; and lost and found, as in projects. */
import { Button } from '@mantine/core';
import { ActionBarFrame } from '../../components/action-bar-frame.tsx';
import { usePhone } from '../../shared/use-phone.ts';
import { FROZEN_REASON } from '../../shared/site/site-status.ts';
import { ReasonedDisabledButton } from '../../components/reasoned-disabled-button.tsx';
import { WAREHOUSE_DEACTIVATED } from '../../shared/messages.ts';

export type WarehouseAction = 'receive' | 'return' | 'assign' | 'unassign' | 'relocate' | 'lost' | 'found';

export const WAREHOUSE_ACTION_LABELS: Record<WarehouseAction, string> = {
  receive: 'Receive',
  return: 'Return',
  assign: 'Assign to Project',
  unassign: 'Unassign',
  relocate: 'Relocate',
  lost: 'Mark Lost',
  found: 'Mark Found',
};

const ACTIONS: WarehouseAction[] = ['receive', 'return', 'assign', 'unassign', 'relocate', 'lost', 'found'];

export function WarehouseActionsBar({ onAction, frozen, inactive }: { onAction: (action: WarehouseAction) => void; frozen: boolean; inactive: boolean }) {
  const phone = usePhone();
  const size = phone ? 'xs' : 'sm';
  // Seven buttons and the title fit one line of a laptop's content area with a little less padding.
  const px = phone ? undefined : 'sm';
  const reason = frozen ? FROZEN_REASON : inactive ? WAREHOUSE_DEACTIVATED : null;
  const buttons = ACTIONS.map((action) =>
    reason ? (
      <ReasonedDisabledButton key={action} reason={reason} variant="light" size={size} px={px}>
        {WAREHOUSE_ACTION_LABELS[action]}
      </ReasonedDisabledButton>
    ) : (
      <Button key={action} variant={action === 'receive' ? 'filled' : 'light'} size={size} px={px} onClick={() => onAction(action)}>
        {WAREHOUSE_ACTION_LABELS[action]}
      </Button>
    ),
  );
  return (
    <ActionBarFrame title="Warehouse Actions" phone={phone}>
      {buttons}
    </ActionBarFrame>
  );
}
