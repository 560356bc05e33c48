/// <reference types="vite-plugin-pwa/vanillajs" />
/**
 * Registers the service worker that keeps the app's shell on the device. A new version waits
 * until the person chooses to reload: it never reloads the page under someone mid-count.
 */
import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { registerSW } from 'virtual:pwa-register';

const UPDATE_NOTICE = 'app-update-ready';

export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const update = registerSW({
    immediate: true,
    onNeedRefresh() {
      notifications.show({
        id: UPDATE_NOTICE,
        autoClose: false,
        withCloseButton: true,
        message: (
          <Group justify="space-between" gap="sm" wrap="nowrap">
            <Text size="sm">A new version is ready</Text>
            <Button size="compact-sm" variant="light" onClick={() => void update(true)}>
              Reload
            </Button>
          </Group>
        ),
      });
    },
    onRegisterError(error: unknown) {
      // The app works without it, only not offline.
      console.warn('Service worker not registered', error);
    },
  });
}
