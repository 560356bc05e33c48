/**
 * /scan, made for a phone: the camera's viewfinder with a typed code below it, Find (look one code
 * up and act on it) or Batch (scan many, then act once), and the session's last five scans. The
 * project is the current one (changeable here); a warehouse comes from the link (`?warehouse=`).
 */
import { SegmentedControl, Stack } from '@mantine/core';
import { useState } from 'react';
import { PageHeader } from '../../components/page-header.tsx';
import { ProjectPicker } from '../../shared/projects/project-picker.tsx';
import { useCurrentProjectSync } from '../../shared/projects/use-current-project-sync.ts';
import { ScanBatch } from './batch/scan-batch.tsx';
import { useRecentScans } from './recent-scans.ts';
import { RecentScansList } from './recent-scans-list.tsx';
import { useScanSubscription } from './scan-events.ts';
import { ScanInputs } from './scan-inputs.tsx';
import { ScanResult } from './scan-result.tsx';
import { useScanLookup } from './use-scan-lookup.ts';
import { useScanPlace } from './use-scan-route.ts';

type ScanMode = 'find' | 'batch';

export function ScanPage() {
  useCurrentProjectSync();
  const place = useScanPlace();
  const [mode, setMode] = useState<ScanMode>('find');
  const lookup = useScanLookup(place);
  const [recent] = useRecentScans();
  const finding = mode === 'find';
  // In Find every scan is looked up here; in Batch the batch takes them.
  useScanSubscription((scan) => void lookup.lookup(scan.text), finding);
  const showing = lookup.view.kind === 'show' || lookup.view.kind === 'choose';

  return (
    <Stack gap="sm" maw={640} mx="auto" w="100%">
      <PageHeader title="Scan">
        <ProjectPicker />
      </PageHeader>
      <SegmentedControl
        fullWidth
        aria-label="Scan mode"
        data={[
          { value: 'find', label: 'Find' },
          { value: 'batch', label: 'Batch' },
        ]}
        value={mode}
        onChange={(value) => setMode(value as ScanMode)}
      />
      <ScanInputs camera={!finding || !showing} />
      {finding ? <ScanResult lookup={lookup} place={place} again /> : <ScanBatch projectId={place.projectId} warehouseId={place.warehouseId} />}
      <RecentScansList
        scans={recent}
        onOpen={(code) => {
          setMode('find');
          void lookup.lookup(code);
        }}
      />
    </Stack>
  );
}
