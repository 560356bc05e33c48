/**
 * The frame of "New token" and "New service token": the form until the server answers, then the
 * token itself. While the token is shown, a stray click beside the dialog or Escape does not
 * close it (the token would be gone for good); only Done does.
 */
import type { ReactNode } from 'react';
import type { CreatedApiToken } from '../../api/tokens-api.ts';
import { AppModal } from '../../components/app-modal.tsx';
import { CreatedTokenPanel } from './created-token-panel.tsx';

interface TokenDialogProps {
  title: string;
  created: CreatedApiToken | null;
  onClose: () => void;
  children: ReactNode;
}

export function TokenDialog({ title, created, onClose, children }: TokenDialogProps) {
  const shown = created !== null;
  return (
    <AppModal
      opened
      onClose={onClose}
      title={shown ? 'Copy your new token' : title}
      size="lg"
      closeOnClickOutside={!shown}
      closeOnEscape={!shown}
      withCloseButton={!shown}
    >
      {created ? <CreatedTokenPanel created={created} onDone={onClose} /> : children}
    </AppModal>
  );
}
