/**
 * The camera viewfinder that reads codes: the back camera's picture with an aiming frame, read in a
 * worker frame by frame; a beep and a buzz on each new code; a torch toggle where the camera has
 * one. When the camera cannot be used it says why, and the page offers typing the code instead.
 */
import { Alert, Box, Button, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { CAMERA_MESSAGES, CAMERA_TITLES, cameraBlocked, cameraProblem } from './camera-problems.ts';
import { createFrameDecoder } from './frame-decoder.ts';
import { signalRead } from './read-feedback.ts';
import { startReadLoop } from './read-loop.ts';
import { RepeatFilter } from './repeat-filter.ts';

export type CameraUnavailable = 'denied' | 'absent' | 'insecure' | 'failed';

export interface CameraScannerProps {
  /** Called once per read (the same code is not repeated while it stays in view). */
  onCode: (text: string, format: string) => void;
  /** Called when the camera cannot be used, with why; the page then offers typing the code. */
  onUnavailable?: (reason: CameraUnavailable, message: string) => void;
  /** False pauses reading (a result is on screen). */
  active?: boolean;
}

type CameraState = { status: 'starting' } | { status: 'reading' } | { status: 'unavailable'; reason: CameraUnavailable };

// The browser's own types do not know the torch yet (a capability of most phones' back cameras).
const hasTorch = (track: MediaStreamTrack) => Boolean((track.getCapabilities?.() as { torch?: boolean } | undefined)?.torch);
const torchConstraints = (on: boolean) => ({ advanced: [{ torch: on } as MediaTrackConstraintSet] });

export function CameraScanner({ onCode, onUnavailable, active = true }: CameraScannerProps) {
  const video = useRef<HTMLVideoElement>(null);
  const track = useRef<MediaStreamTrack | null>(null);
  const repeats = useRef(new RepeatFilter());
  const [state, setState] = useState<CameraState>({ status: 'starting' });
  const [torch, setTorch] = useState<{ available: boolean; on: boolean }>({ available: false, on: false });
  // The latest callbacks, so a parent's new function does not restart the camera.
  const callbacks = useRef({ onCode, onUnavailable });
  callbacks.current = { onCode, onUnavailable };

  useEffect(() => {
    if (!active) return;
    let stopped = false;
    let stream: MediaStream | null = null;
    let stopLoop: (() => void) | null = null;
    let decoder: ReturnType<typeof createFrameDecoder> | null = null;
    const unavailable = (reason: CameraUnavailable) => {
      if (stopped) return;
      setState({ status: 'unavailable', reason });
      callbacks.current.onUnavailable?.(reason, CAMERA_MESSAGES[reason]);
    };
    const release = () => {
      stopLoop?.();
      decoder?.close();
      for (const t of stream?.getTracks() ?? []) t.stop();
      if (video.current) video.current.srcObject = null;
      track.current = null;
    };

    const start = async () => {
      const blocked = cameraBlocked();
      if (blocked) return unavailable(blocked);
      setState({ status: 'starting' });
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: 'environment', width: { ideal: 1280 }, height: { ideal: 720 } },
          audio: false,
        });
      } catch (error) {
        return unavailable(cameraProblem(error));
      }
      const element = video.current;
      if (stopped || !element) return release();
      element.srcObject = stream;
      try {
        await element.play();
      } catch (error) {
        // Stopping while play() was pending rejects it too; only a real failure is reported.
        if (!stopped) unavailable(cameraProblem(error));
        return release();
      }
      if (stopped) return release();
      const [videoTrack] = stream.getVideoTracks();
      track.current = videoTrack ?? null;
      setTorch({ available: videoTrack ? hasTorch(videoTrack) : false, on: false });
      setState({ status: 'reading' });
      decoder = createFrameDecoder();
      stopLoop = startReadLoop(
        element,
        decoder,
        (codes) => {
          for (const code of repeats.current.fresh(codes, performance.now())) {
            signalRead();
            callbacks.current.onCode(code.text, code.format);
          }
        },
        () => {
          release();
          unavailable('failed');
        },
      );
    };
    void start();
    return () => {
      stopped = true;
      release();
      setTorch({ available: false, on: false });
    };
  }, [active]);

  const toggleTorch = () => {
    const current = track.current;
    if (!current) return;
    const on = !torch.on;
    current.applyConstraints(torchConstraints(on)).then(
      () => setTorch({ available: true, on }),
      // A camera that lists the torch but refuses it: the toggle goes, the reading goes on.
      () => setTorch({ available: false, on: false }),
    );
  };

  if (state.status === 'unavailable') {
    return (
      <Alert color="yellow" title={CAMERA_TITLES[state.reason]} role="alert" data-reason={state.reason}>
        {CAMERA_MESSAGES[state.reason]}
      </Alert>
    );
  }

  return (
    <Box
      pos="relative"
      w="100%"
      maw={480}
      mx="auto"
      style={{ aspectRatio: '4 / 3', overflow: 'hidden', borderRadius: 8, background: '#111' }}
      data-testid="camera-viewfinder"
    >
      <video ref={video} muted playsInline aria-label="Camera viewfinder" style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }} />
      {/* The aiming frame; the shadow dims what lies outside it. */}
      <Box
        aria-hidden
        pos="absolute"
        style={{
          left: '50%',
          top: '50%',
          width: '62%',
          aspectRatio: '1',
          maxHeight: '80%',
          transform: 'translate(-50%, -50%)',
          border: '3px solid rgba(255, 255, 255, 0.9)',
          borderRadius: 12,
          boxShadow: '0 0 0 9999px rgba(0, 0, 0, 0.35)',
          pointerEvents: 'none',
        }}
      />
      <Text pos="absolute" c="white" size="sm" ta="center" style={{ left: 0, right: 0, bottom: 8, textShadow: '0 1px 2px #000' }}>
        {!active ? 'Paused' : state.status === 'starting' ? 'Starting the camera…' : 'Hold the code inside the frame'}
      </Text>
      {torch.available && (
        <Button
          pos="absolute"
          size="compact-sm"
          variant={torch.on ? 'white' : 'filled'}
          style={{ top: 8, right: 8 }}
          onClick={toggleTorch}
          aria-pressed={torch.on}
        >
          {torch.on ? 'Torch off' : 'Torch on'}
        </Button>
      )}
    </Box>
  );
}
