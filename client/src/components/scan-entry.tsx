/**
 * Where a scanning screen takes codes from a person: a box to type (or a keyboard-mode scanner to
 * fill) a code, sent with Enter or Add, and a camera that can be switched on. Codes from a scanner
 * used outside the box reach the screen through its scan subscription instead.
 */
import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { type ComponentType, useState } from 'react';
import { type ScanCameraProps, useScanCamera } from '../shared/scan-camera.ts';

interface ScanEntryProps {
  /** A code typed, or read by the camera. */
  onCode: (text: string, source: 'typed' | 'camera', format: string | null) => void;
  /** The camera to show; by default the one the app provides. */
  camera?: ComponentType<ScanCameraProps>;
  label?: string;
  placeholder?: string;
  disabled?: boolean;
}

export function ScanEntry({ onCode, camera, label = 'Scan or type a code', placeholder = 'Serial, part number or link', disabled }: ScanEntryProps) {
  const provided = useScanCamera();
  const Camera = camera ?? provided;
  const [value, setValue] = useState('');
  const [cameraOn, setCameraOn] = useState(false);
  const [cameraProblem, setCameraProblem] = useState<string | null>(null);

  const send = () => {
    const text = value.trim();
    if (!text) return;
    onCode(text, 'typed', null);
    setValue('');
  };

  return (
    <Stack gap="xs">
      {Camera && cameraOn && (
        <Camera
          onCode={(text, format) => onCode(text, 'camera', format)}
          onUnavailable={(_reason, message) => {
            setCameraProblem(message);
            setCameraOn(false);
          }}
          active={!disabled}
        />
      )}
      {cameraProblem && (
        <Alert color="yellow" role="status" withCloseButton onClose={() => setCameraProblem(null)}>
          {cameraProblem}
        </Alert>
      )}
      <Group gap="xs" align="end" wrap="nowrap">
        <TextInput
          label={label}
          placeholder={placeholder}
          value={value}
          onChange={(e) => setValue(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key !== 'Enter') return;
            e.preventDefault();
            send();
          }}
          disabled={disabled}
          autoComplete="off"
          style={{ flex: 1, minWidth: 0 }}
        />
        <Button variant="default" onClick={send} disabled={disabled || !value.trim()}>
          Add
        </Button>
      </Group>
      {Camera && (
        <Button
          variant="light"
          size="compact-sm"
          onClick={() => {
            setCameraProblem(null);
            setCameraOn((on) => !on);
          }}
          style={{ alignSelf: 'flex-start' }}
        >
          {cameraOn ? 'Stop camera' : 'Use camera'}
        </Button>
      )}
    </Stack>
  );
}
