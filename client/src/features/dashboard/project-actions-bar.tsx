/**
 * The Project Actions bar (spec 01 §2): Receive, Return, Assign and Unassign, labelled for the
 * dashboard's mode. The page shows it only to those who may manage the project. There is no asset
 * data yet, so in assets mode the buttons say why they cannot act instead of opening empty forms.
 */
import { Button, Group, Paper, SimpleGrid, Stack, Text, Tooltip } from '@mantine/core';
import { usePhone } from '../../app/use-phone.ts';
import type { DashboardMode } from '../../app/session/session-types.ts';
import { ACTION_VERBS, type StockAction } from './wizard-rules.ts';

const ACTIONS: StockAction[] = ['receive', 'return', 'assign', 'unassign'];

const ASSET_REASONS: Record<StockAction, string> = {
  receive: 'The asset catalogue has no asset types to receive',
  return: 'This project has no assets',
  assign: 'This project has no assets',
  unassign: 'This project has no assets',
};

interface ProjectActionsBarProps {
  mode: DashboardMode;
  onAction: (action: StockAction) => void;
}

export function ProjectActionsBar({ mode, onAction }: ProjectActionsBarProps) {
  const phone = usePhone();
  const noun = mode === 'assets' ? 'Assets' : 'Materials';
  // Two buttons a row on a phone: the smaller size keeps "Unassign Materials" whole.
  const size = phone ? 'xs' : 'sm';
  const buttons = ACTIONS.map((action) => {
    const label = `${ACTION_VERBS[action]} ${noun}`;
    if (mode === 'assets') {
      return (
        <Tooltip key={action} label={ASSET_REASONS[action]} events={{ hover: true, focus: true, touch: true }}>
          <Button variant="light" size={size} data-disabled onClick={(event) => event.preventDefault()}>
            {label}
          </Button>
        </Tooltip>
      );
    }
    return (
      <Button key={action} variant={action === 'receive' ? 'filled' : 'light'} size={size} onClick={() => onAction(action)}>
        {label}
      </Button>
    );
  });
  const title = (
    <Text fw={600} size="sm" mr="xs">
      Project Actions
    </Text>
  );

  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-label="Project Actions">
      {phone ? (
        <Stack gap="xs">
          {title}
          <SimpleGrid cols={2} spacing="xs">
            {buttons}
          </SimpleGrid>
        </Stack>
      ) : (
        <Group gap="sm" wrap="wrap">
          {title}
          {buttons}
        </Group>
      )}
    </Paper>
  );
}
