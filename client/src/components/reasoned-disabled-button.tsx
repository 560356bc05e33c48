/**
 * A button that cannot act right now and says why in a tooltip. Not `disabled`: a disabled button
 * gets no hover, focus or touch, so its tooltip could never open; this one looks disabled, is
 * announced as such, and ignores clicks.
 */
import { Button, Tooltip, type ButtonProps } from '@mantine/core';
import type { ReactNode } from 'react';

export function ReasonedDisabledButton({ reason, children, ...props }: ButtonProps & { reason: string; children: ReactNode }) {
  return (
    <Tooltip label={reason} events={{ hover: true, focus: true, touch: true }}>
      <Button {...props} data-disabled aria-disabled onClick={(event) => event.preventDefault()}>
        {children}
      </Button>
    </Tooltip>
  );
}
