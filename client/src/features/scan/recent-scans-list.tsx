/** The session's last scans, newest first; each opens again with one tap. */
import { Stack, Text, UnstyledButton } from '@mantine/core';
import type { RecentScan } from './recent-scans.ts';

export function RecentScansList({ scans, onOpen }: { scans: readonly RecentScan[]; onOpen: (code: string) => void }) {
  if (scans.length === 0) return null;
  return (
    <Stack gap={4} component="section" aria-label="Recent scans">
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        Recent scans
      </Text>
      {scans.map((scan) => (
        <UnstyledButton
          key={scan.code}
          onClick={() => onOpen(scan.code)}
          aria-label={`Open ${scan.code} again`}
          p={6}
          style={{ borderRadius: 'var(--mantine-radius-sm)', border: '1px solid var(--mantine-color-default-border)' }}
        >
          {/* What it found leads: a label's code can be a long link. */}
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {scan.found}
          </Text>
          <Text size="xs" c="dimmed" lineClamp={1} style={{ overflowWrap: 'anywhere' }}>
            {scan.code}
          </Text>
        </UnstyledButton>
      ))}
    </Stack>
  );
}
