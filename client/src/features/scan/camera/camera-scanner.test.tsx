// @vitest-environment jsdom
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { CAMERA_MESSAGES } from './camera-problems.ts';
import { CameraScanner } from './camera-scanner.tsx';
import type { DecodedCode } from './decode-core.ts';

// jsdom has no Worker and no video frames: the decoder and the loop are stood in for, and the
// test hands the component the codes a frame would give.
const loop = vi.hoisted(() => ({ onCodes: null as ((codes: DecodedCode[]) => void) | null, stopped: 0, decoderClosed: 0 }));
vi.mock('./frame-decoder.ts', () => ({ createFrameDecoder: () => ({ decode: vi.fn(), close: () => (loop.decoderClosed += 1) }) }));
vi.mock('./read-loop.ts', () => ({
  startReadLoop: (_video: HTMLVideoElement, _decoder: unknown, onCodes: (codes: DecodedCode[]) => void) => {
    loop.onCodes = onCodes;
    return () => (loop.stopped += 1);
  },
}));

function fakeTrack(capabilities: Record<string, unknown>) {
  return { stop: vi.fn(), getCapabilities: () => capabilities, applyConstraints: vi.fn(() => Promise.resolve()) };
}

function givenCamera(getUserMedia: () => Promise<unknown>, secure = true) {
  Object.defineProperty(window, 'isSecureContext', { value: secure, configurable: true });
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia: vi.fn(getUserMedia) }, configurable: true });
  return (navigator.mediaDevices as unknown as { getUserMedia: ReturnType<typeof vi.fn> }).getUserMedia;
}

function streamOf(track: ReturnType<typeof fakeTrack>) {
  return { getTracks: () => [track], getVideoTracks: () => [track] };
}

const refusal = (name: string) => Promise.reject(new DOMException('camera', name));

beforeEach(() => {
  loop.onCodes = null;
  loop.stopped = 0;
  loop.decoderClosed = 0;
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'vibrate', { value: vi.fn(() => true), configurable: true });
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('when the camera cannot be used', () => {
  it.each([
    ['denied', () => refusal('NotAllowedError')],
    ['absent', () => refusal('NotFoundError')],
    ['failed', () => refusal('NotReadableError')],
  ] as const)('says why (%s) and tells the page', async (reason, getUserMedia) => {
    givenCamera(getUserMedia);
    const onUnavailable = vi.fn();
    renderWithProviders(<CameraScanner onCode={vi.fn()} onUnavailable={onUnavailable} />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(CAMERA_MESSAGES[reason]);
    expect(alert.getAttribute('data-reason')).toBe(reason);
    expect(onUnavailable).toHaveBeenCalledWith(reason, CAMERA_MESSAGES[reason]);
  });

  it('says a refusal in words that tell the person what to do', async () => {
    givenCamera(() => refusal('NotAllowedError'));
    renderWithProviders(<CameraScanner onCode={vi.fn()} />);
    expect((await screen.findByRole('alert')).textContent).toBe(
      "Camera access refusedCamera access was refused. Allow the camera in the browser's site settings, or type the code below.",
    );
  });

  it('does not ask for the camera over plain http, and says it needs https', async () => {
    const getUserMedia = givenCamera(() => Promise.resolve(streamOf(fakeTrack({}))), false);
    const onUnavailable = vi.fn();
    renderWithProviders(<CameraScanner onCode={vi.fn()} onUnavailable={onUnavailable} />);
    expect((await screen.findByRole('alert')).textContent).toContain('secure (https) connection');
    expect(onUnavailable).toHaveBeenCalledWith('insecure', CAMERA_MESSAGES.insecure);
    expect(getUserMedia).not.toHaveBeenCalled();
  });

  it('says there is no camera when the browser has no camera interface', async () => {
    Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
    Object.defineProperty(navigator, 'mediaDevices', { value: undefined, configurable: true });
    const onUnavailable = vi.fn();
    renderWithProviders(<CameraScanner onCode={vi.fn()} onUnavailable={onUnavailable} />);
    await screen.findByRole('alert');
    expect(onUnavailable).toHaveBeenCalledWith('absent', CAMERA_MESSAGES.absent);
  });
});

describe('reading with the camera', () => {
  it('asks for the back camera', async () => {
    const getUserMedia = givenCamera(() => Promise.resolve(streamOf(fakeTrack({}))));
    renderWithProviders(<CameraScanner onCode={vi.fn()} />);
    await screen.findByText('Hold the code inside the frame');
    expect(getUserMedia.mock.calls[0]![0]).toMatchObject({ video: { facingMode: 'environment' }, audio: false });
  });

  it('shows no torch toggle when the camera has no torch', async () => {
    givenCamera(() => Promise.resolve(streamOf(fakeTrack({ width: { max: 1280 } }))));
    renderWithProviders(<CameraScanner onCode={vi.fn()} />);
    await screen.findByText('Hold the code inside the frame');
    expect(screen.queryByRole('button', { name: /Torch/ })).toBeNull();
  });

  it('shows the torch toggle when the camera has one, and turns the torch on and off', async () => {
    const track = fakeTrack({ torch: true });
    givenCamera(() => Promise.resolve(streamOf(track)));
    const { user } = renderWithProviders(<CameraScanner onCode={vi.fn()} />);
    await user.click(await screen.findByRole('button', { name: 'Torch on' }));
    expect(track.applyConstraints).toHaveBeenLastCalledWith({ advanced: [{ torch: true }] });
    await user.click(await screen.findByRole('button', { name: 'Torch off' }));
    expect(track.applyConstraints).toHaveBeenLastCalledWith({ advanced: [{ torch: false }] });
    expect(screen.getByRole('button', { name: 'Torch on' })).toBeTruthy();
  });

  it('reports a code once while it stays in view, buzzing once, and each new code', async () => {
    givenCamera(() => Promise.resolve(streamOf(fakeTrack({}))));
    const onCode = vi.fn();
    renderWithProviders(<CameraScanner onCode={onCode} />);
    await waitFor(() => expect(loop.onCodes).not.toBeNull());
    const bolt = { text: 'PN-4711-A', format: 'Code128' };
    act(() => {
      loop.onCodes!([bolt]);
      loop.onCodes!([bolt]);
      loop.onCodes!([bolt, { text: 'SN-2024-000183', format: 'DataMatrix' }]);
    });
    expect(onCode.mock.calls).toEqual([
      ['PN-4711-A', 'Code128'],
      ['SN-2024-000183', 'DataMatrix'],
    ]);
    expect(navigator.vibrate).toHaveBeenCalledTimes(2);
  });

  it('stops the camera and the reading when paused and when it goes away', async () => {
    const track = fakeTrack({});
    givenCamera(() => Promise.resolve(streamOf(track)));
    const { rerender, unmount } = renderWithProviders(<CameraScanner onCode={vi.fn()} active />);
    await waitFor(() => expect(loop.onCodes).not.toBeNull());
    rerender(<CameraScanner onCode={vi.fn()} active={false} />);
    expect(track.stop).toHaveBeenCalledTimes(1);
    expect(loop.stopped).toBe(1);
    expect(loop.decoderClosed).toBe(1);
    expect(screen.getByText('Paused')).toBeTruthy();
    rerender(<CameraScanner onCode={vi.fn()} active />);
    await waitFor(() => expect(loop.stopped).toBe(1));
    await screen.findByText('Hold the code inside the frame');
    unmount();
    expect(track.stop).toHaveBeenCalledTimes(2);
    expect(loop.stopped).toBe(2);
  });
});
