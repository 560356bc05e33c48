/**
 * Where a code comes in on the scan screens: the camera's viewfinder, and below it, always, a box
 * to type the code into. When the camera cannot be used it says why, and the box takes the focus.
 * Both hand their code to whichever screen takes scans (Find, or a batch).
 */
import { Button, Group, TextInput } from '@mantine/core';
import { useRef, useState } from 'react';
import { SCAN_CODE_MAX } from '@contract/scan-code.ts';
import { CameraScanner } from './camera/camera-scanner.tsx';
import { publishScan } from './scan-events.ts';

export const TYPED_CODE_LABEL = 'Type a code';

/** `camera`: false puts the viewfinder away (a result is on screen, and on a phone it needs the room). */
export function ScanInputs({ camera }: { camera: boolean }) {
  const [typed, setTyped] = useState('');
  const input = useRef<HTMLInputElement>(null);

  return (
    <>
      {camera && (
        <CameraScanner
          onCode={(text, format) => publishScan({ text, source: 'camera', format })}
          // The viewfinder says why in its place; the typed code is what is left, so it takes the focus.
          onUnavailable={() => input.current?.focus()}
        />
      )}
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!typed.trim()) return;
          publishScan({ text: typed, source: 'typed', format: null });
          setTyped('');
        }}
      >
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <TextInput
            ref={input}
            label={TYPED_CODE_LABEL}
            placeholder="Serial, part or location code"
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            maxLength={SCAN_CODE_MAX}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            enterKeyHint="search"
            style={{ flex: 1, minWidth: 0 }}
          />
          <Button type="submit">Find</Button>
        </Group>
      </form>
    </>
  );
}
