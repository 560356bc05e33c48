/**
 * Shown while the session is still being established, so no page flashes the wrong content: the
 * product mark where index.html's splash drew it (its styles live there), and a loader beneath.
 */
import { Loader } from '@mantine/core';
import { Logo, PRODUCT_NAME } from './logo.tsx';

export function FullPageLoader() {
  return (
    <div className="boot-splash" aria-busy="true">
      <div className="boot-splash-mark">
        <Logo size={36} />
        {PRODUCT_NAME}
      </div>
      <Loader />
    </div>
  );
}
