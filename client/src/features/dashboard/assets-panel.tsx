/**
 * Assets mode of the dashboard (spec 01 §2). Assets are not recorded on this site yet, so the
 * panel says that plainly instead of showing an empty table that reads as "no assets".
 */
import { NotSetUp } from '../../components/not-set-up-page.tsx';

export function AssetsPanel() {
  return <NotSetUp what="Assets" />;
}
