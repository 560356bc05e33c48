/**
 * The Project Actions bar (spec 01 §2): Receive, Return, Assign and Unassign, labelled for the
 * dashboard's mode. The page shows it only to those who may manage the project, in materials mode
 * (assets mode has the assets feature's own bar). While transactions are frozen the buttons say so.
 */
import { Button } from '@mantine/core';
import { ActionBarFrame } from '../../components/action-bar-frame.tsx';
import { usePhone } from '../../shared/use-phone.ts';
import { ReasonedDisabledButton } from '../../components/reasoned-disabled-button.tsx';
import type { DashboardMode } from '../../shared/session/session-types.ts';
import { FROZEN_REASON } from '../../shared/site/site-status.ts';
import { ACTION_VERBS, type StockAction } from './wizard-rules.ts';

const ACTIONS: StockAction[] = ['receive', 'return', 'assign', 'unassign'];

interface ProjectActionsBarProps {
  mode: DashboardMode;
  onAction: (action: StockAction) => void;
  frozen: boolean;
}

export function ProjectActionsBar({ mode, onAction, frozen }: ProjectActionsBarProps) {
  const phone = usePhone();
  const noun = mode === 'assets' ? 'Assets' : 'Materials';
  // Two buttons a row on a phone: the smaller size keeps "Unassign Materials" whole.
  const size = phone ? 'xs' : 'sm';
  const buttons = ACTIONS.map((action) => {
    const label = `${ACTION_VERBS[action]} ${noun}`;
    const reason = frozen ? FROZEN_REASON : null;
    if (reason) {
      return (
        <ReasonedDisabledButton key={action} reason={reason} variant="light" size={size}>
          {label}
        </ReasonedDisabledButton>
      );
    }
    return (
      <Button key={action} variant={action === 'receive' ? 'filled' : 'light'} size={size} onClick={() => onAction(action)}>
        {label}
      </Button>
    );
  });
  return (
    <ActionBarFrame title="Project Actions" phone={phone}>
      {buttons}
    </ActionBarFrame>
  );
}
