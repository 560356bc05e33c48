/**
 * The product's dialogs: centred on a wide screen, the whole screen on a phone, where a floating
 * box would leave too little room for a form or a table.
 */
import { Modal, type ModalProps } from '@mantine/core';
import { usePhone } from '../app/use-phone.ts';

export function AppModal({ size = 'lg', ...props }: ModalProps) {
  const phone = usePhone();
  return <Modal centered={!phone} fullScreen={phone} size={size} {...props} />;
}
