/**
 * /camera-check.html: the viewfinder alone, listing what it reads. A person on site opens it to see
 * whether this phone's camera reads their labels before blaming the app; the browser tests and the
 * benchmark drive the built decoder through it (window.cameraCheckDecode is the same worker the
 * viewfinder feeds).
 */
import '@mantine/core/styles.css';
import { Container, List, MantineProvider, Stack, Text, Title } from '@mantine/core';
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { theme } from '../../../app/theme.ts';
import { type CameraUnavailable, CameraScanner } from './camera-scanner.tsx';
import type { DecodedCode } from './decode-core.ts';
import { createFrameDecoder } from './frame-decoder.ts';

declare global {
  interface Window {
    cameraCheckDecode?: (frame: ImageData) => Promise<DecodedCode[]>;
  }
}

interface Read extends DecodedCode {
  at: string;
  /** A number of its own, as the list's key: the same code can be read twice. */
  seq: number;
}

let nextRead = 0;

function CameraCheck() {
  const [reads, setReads] = useState<Read[]>([]);
  const [unavailable, setUnavailable] = useState<CameraUnavailable | null>(null);
  return (
    <Container size="xs" py="md">
      <Stack gap="sm">
        <Title order={3}>Camera check</Title>
        <Text size="sm" c="dimmed">
          Hold a label’s code inside the frame; each code read is listed below.
        </Text>
        <CameraScanner
          onCode={(text, format) => setReads((list) => [{ text, format, at: new Date().toLocaleTimeString(), seq: nextRead++ }, ...list].slice(0, 20))}
          onUnavailable={setUnavailable}
        />
        {unavailable === null && reads.length === 0 && (
          <Text size="sm" c="dimmed">
            No code read yet.
          </Text>
        )}
        <List spacing={4} size="sm" data-testid="camera-reads">
          {reads.map((read) => (
            <List.Item key={read.seq} data-format={read.format} style={{ overflowWrap: 'anywhere' }}>
              {read.text}{' '}
              <Text span c="dimmed" size="xs">
                ({read.format}, {read.at})
              </Text>
            </List.Item>
          ))}
        </List>
      </Stack>
    </Container>
  );
}

let benchDecoder: ReturnType<typeof createFrameDecoder> | null = null;
window.cameraCheckDecode = (frame) => {
  benchDecoder ??= createFrameDecoder();
  return benchDecoder.decode(frame);
};

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');
createRoot(container).render(
  <StrictMode>
    <MantineProvider theme={theme}>
      <CameraCheck />
    </MantineProvider>
  </StrictMode>,
);
