/** An open page (no sign-in needed) whose content has no data source yet. */
import { EmptyPage } from './empty-page.tsx';
import { PublicFrame } from './public-frame.tsx';

export function PublicEmptyPage({ title }: { title: string }) {
  return (
    <PublicFrame size={560}>
      <EmptyPage title={title} />
    </PublicFrame>
  );
}
