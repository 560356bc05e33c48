/**
 * The frame of the step-by-step dialogs (receive, relocate and move in the warehouses, receive and move
 * of assets, the dashboard's stock actions): the values and the errors of the step shown, the steps
 * along the top, and Cancel/Back with Next/the action below.
 */
import { Button, Group, Stepper } from '@mantine/core';
import { type ReactNode, useState } from 'react';

/**
 * A wizard's state: its values, the errors of the step shown (cleared by any change) and the step.
 * `next` is handed the step's errors: with none the wizard moves on.
 */
export function useWizard<V extends object, E extends object>(initial: V | (() => V)) {
  const [values, setValues] = useState<V>(initial);
  const [active, setActive] = useState(0);
  // Every step's errors are all optional fields: none is the empty object.
  const [errors, setErrors] = useState<E>({} as E);
  const set = (patch: Partial<V>) => {
    setValues((v) => ({ ...v, ...patch }));
    setErrors({} as E);
  };
  const next = (found: E) => {
    setErrors(found);
    if (Object.keys(found).length === 0) setActive((a) => a + 1);
  };
  return { values, set, errors, active, setActive, next };
}

/** The steps along the top; a step already done can be clicked to go back to it. */
export function WizardSteps<S extends string>({
  steps,
  labels,
  active,
  onBack,
}: {
  steps: readonly S[];
  labels: Record<S, string>;
  active: number;
  onBack: (index: number) => void;
}) {
  return (
    <Stepper active={active} size="xs" allowNextStepsSelect={false} onStepClick={(i) => i < active && onBack(i)}>
      {steps.map((s) => (
        <Stepper.Step key={s} label={labels[s]} />
      ))}
    </Stepper>
  );
}

interface WizardFooterProps {
  /** Past the first step the left button goes back; on the first it cancels. */
  back: boolean;
  onBack: () => void;
  /** The last step: the action's button instead of Next. */
  last: boolean;
  action: ReactNode;
  onSubmit: () => void;
  onNext: () => void;
  busy: boolean;
}

export function WizardFooter({ back, onBack, last, action, onSubmit, onNext, busy }: WizardFooterProps) {
  return (
    <Group justify="space-between" gap="sm">
      <Button variant="default" onClick={onBack} disabled={busy}>
        {back ? 'Back' : 'Cancel'}
      </Button>
      {last ? (
        <Button onClick={onSubmit} loading={busy}>
          {action}
        </Button>
      ) : (
        <Button onClick={onNext}>Next</Button>
      )}
    </Group>
  );
}
