/** The one moment recovery codes are seen: copy them, download them, then close. Only hashes are kept. */
import { Alert, Button, Code, CopyButton, Group, SimpleGrid, Stack } from '@mantine/core';

export const RECOVERY_CODES_TITLE = 'Save your recovery codes';

function download(codes: string[]) {
  const text = ['StockLedger recovery codes. Each works once.', '', ...codes, ''].join('\n');
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'stockledger-recovery-codes.txt';
  link.click();
  URL.revokeObjectURL(url);
}

export function RecoveryCodesPanel({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <Stack gap="md">
      <Alert color="yellow" variant="light" title={RECOVERY_CODES_TITLE}>
        Each code signs you in once when you do not have your phone or passkey. They will not be shown again: keep them somewhere safe, away from this device.
      </Alert>
      <SimpleGrid cols={2} spacing="xs" aria-label="Recovery codes">
        {codes.map((code) => (
          <Code key={code} fz="md" ta="center" data-testid="recovery-code">
            {code}
          </Code>
        ))}
      </SimpleGrid>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm">
          <CopyButton value={codes.join('\n')}>
            {({ copied, copy }) => (
              <Button variant={copied ? 'light' : 'default'} color={copied ? 'teal' : undefined} onClick={copy}>
                {copied ? 'Copied' : 'Copy codes'}
              </Button>
            )}
          </CopyButton>
          <Button variant="default" onClick={() => download(codes)}>
            Download
          </Button>
        </Group>
        <Button onClick={onDone}>I have saved my codes</Button>
      </Group>
    </Stack>
  );
}
