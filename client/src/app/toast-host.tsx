/** Where toasts appear: loaded after the first screen, as nothing needs it to draw the sign-in page. */
import { Notifications } from '@mantine/notifications';
import { TOAST_LIMIT } from '../shared/toast.ts';

export function ToastHost() {
  return <Notifications position="top-right" limit={TOAST_LIMIT} />;
}
