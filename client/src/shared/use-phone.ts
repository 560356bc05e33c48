/** Phone-sized screens (below Mantine's `sm`), where tables switch to their compact layouts. */
import { useMediaQuery } from '@mantine/hooks';

export const PHONE_QUERY = '(max-width: 48em)';

export function usePhone(): boolean {
  return useMediaQuery(PHONE_QUERY) ?? false;
}
