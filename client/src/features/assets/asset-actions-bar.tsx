/** An action bar of assets: the project's (Receive, Return, Assign, Unassign Assets) or a warehouse's. */
import { Button } from '@mantine/core';
import { usePhone } from '../../shared/use-phone.ts';
import { ActionBarFrame } from '../../components/action-bar-frame.tsx';
import { ReasonedDisabledButton } from '../../components/reasoned-disabled-button.tsx';

export interface AssetAction<K extends string> {
  key: K;
  label: string;
  /** Why it cannot act now, or null. */
  reason?: string | null;
}

export function AssetActionsBar<K extends string>({ title, actions, onAction }: { title: string; actions: AssetAction<K>[]; onAction: (key: K) => void }) {
  const phone = usePhone();
  const size = phone ? 'xs' : 'sm';
  return (
    <ActionBarFrame title={title} phone={phone}>
      {actions.map(({ key, label, reason }, i) =>
        reason ? (
          <ReasonedDisabledButton key={key} reason={reason} variant="light" size={size}>
            {label}
          </ReasonedDisabledButton>
        ) : (
          <Button key={key} variant={i === 0 ? 'filled' : 'light'} size={size} onClick={() => onAction(key)}>
            {label}
          </Button>
        ),
      )}
    </ActionBarFrame>
  );
}
