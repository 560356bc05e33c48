/** A page whose content has no data source yet: its title and the standard empty body. */
import type { ReactNode } from 'react';
import { NoData } from './no-data.tsx';
import { PageHeader } from './page-header.tsx';

export function EmptyPage({ title, aside }: { title: string; aside?: ReactNode }) {
  return (
    <>
      <PageHeader title={title}>{aside}</PageHeader>
      <NoData />
    </>
  );
}
