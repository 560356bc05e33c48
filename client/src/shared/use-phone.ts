/** Phone-sized screens (below Mantine's `sm`), where tables switch to their compact layouts. */
import { useMediaQuery } from '@mantine/hooks';

export const PHONE_QUERY = '(max-width: 48em)';

export function usePhone(): boolean {
  // Read as the component first renders (the app is drawn only in the browser): by default the hook
  // answers "not a phone" first and corrects itself after mounting, drawing every table twice on a phone.
  return useMediaQuery(PHONE_QUERY, undefined, { getInitialValueInEffect: false }) ?? false;
}
