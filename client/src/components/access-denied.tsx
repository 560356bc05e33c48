/** What a screen shows someone its rule keeps out (spec 02 §8), instead of a page that fails. */
import { Alert } from '@mantine/core';
import { PageHeader } from './page-header.tsx';

export function AccessDenied({ title, text }: { title: string; text: string }) {
  return (
    <>
      <PageHeader title={title} />
      <Alert color="red" variant="light" role="alert">
        {text}
      </Alert>
    </>
  );
}
