/**
 * The product's dialogs: centred on a wide screen, the whole screen on a phone, where a floating
 * box would leave too little room for a form or a table (short confirmations stay a box). Escape
 * closes only the dialog on top.
 */
import { Modal, type ModalProps } from '@mantine/core';
import { usePhone } from '../shared/use-phone.ts';
import { useIsTopDialog } from './dialog-stack.ts';

export function AppModal({ size = 'lg', compact = false, ...props }: ModalProps & { compact?: boolean }) {
  const phone = usePhone();
  const top = useIsTopDialog(props.opened);
  return <Modal centered={!phone || compact} fullScreen={phone && !compact} size={size} {...props} closeOnEscape={top && props.closeOnEscape !== false} />;
}
