/**
 * The header's Scan: a dialog with the camera and the typed code over the current screen (the
 * whole screen on a phone). While it is open it takes every scan; a part, transfer or request it
 * finds closes it and opens that screen.
 */
import { ActionIcon, Anchor, Stack, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link } from 'react-router-dom';
import { AppModal } from '../../components/app-modal.tsx';
import { useRecentScans } from './recent-scans.ts';
import { RecentScansList } from './recent-scans-list.tsx';
import { useScanSubscription } from './scan-events.ts';
import { ScanInputs } from './scan-inputs.tsx';
import { ScanResult } from './scan-result.tsx';
import { useScanLookup } from './use-scan-lookup.ts';
import { useScanPlace } from './use-scan-route.ts';

/** A viewfinder's corners around a bar code. */
function ScanIcon() {
  return (
    <svg width={22} height={22} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" aria-hidden>
      <path d="M4 8V5a1 1 0 0 1 1-1h3M16 4h3a1 1 0 0 1 1 1v3M20 16v3a1 1 0 0 1-1 1h-3M8 20H5a1 1 0 0 1-1-1v-3" />
      <path d="M8 9v6M11 9v6M14 9v6M17 9v6" />
    </svg>
  );
}

export function ScanButton() {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Tooltip label="Scan a code">
        <ActionIcon variant="default" size="lg" radius="md" aria-label="Scan" onClick={open}>
          <ScanIcon />
        </ActionIcon>
      </Tooltip>
      {opened && <ScanDialog onClose={close} />}
    </>
  );
}

function ScanDialog({ onClose }: { onClose: () => void }) {
  const place = useScanPlace();
  const lookup = useScanLookup(place, onClose);
  const [recent] = useRecentScans();
  useScanSubscription((scan) => void lookup.lookup(scan.text));
  const showing = lookup.view.kind === 'show' || lookup.view.kind === 'choose';
  return (
    <AppModal opened onClose={onClose} title="Scan" size="md">
      <Stack gap="sm">
        <ScanInputs camera={!showing} />
        <ScanResult lookup={lookup} place={place} onLeave={onClose} again />
        <RecentScansList scans={recent} onOpen={(code) => void lookup.lookup(code)} />
        <Anchor
          component={Link}
          to={place.warehouseId ? `/scan?${new URLSearchParams({ warehouse: place.warehouseId })}` : '/scan'}
          size="sm"
          onClick={onClose}
        >
          Open the scan page (batch mode)
        </Anchor>
      </Stack>
    </AppModal>
  );
}
