/** Shown while the session is still being established, so no page flashes the wrong content. */
import { Center, Loader } from '@mantine/core';

export function FullPageLoader() {
  return (
    <Center h="100dvh" aria-busy="true">
      <Loader />
    </Center>
  );
}
