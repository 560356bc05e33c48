/** What the server said when an action failed, kept in its dialog or form until the next try. */
import { Alert } from '@mantine/core';

export function FailureAlert({ failure }: { failure: string | null | undefined }) {
  if (!failure) return null;
  return (
    <Alert color="red" role="alert">
      {failure}
    </Alert>
  );
}
