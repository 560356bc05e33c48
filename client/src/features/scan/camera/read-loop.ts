/**
 * Frames from the video to the decoder: each new video frame (or animation frame where the browser
 * cannot say when one arrives) is drawn onto a canvas no larger than 1280 pixels across and handed
 * to the worker, one at a time, so a slow phone skips frames instead of queueing them.
 */
import type { DecodedCode } from './decode-core.ts';
import type { FrameDecoder } from './frame-decoder.ts';

/** The longest side a frame is read at: a 1080p camera is halved in work, a label still spans hundreds of pixels. */
export const MAX_FRAME_SIDE = 1280;

export function frameSize(videoWidth: number, videoHeight: number): { width: number; height: number } {
  const scale = Math.min(1, MAX_FRAME_SIDE / Math.max(videoWidth, videoHeight));
  return { width: Math.round(videoWidth * scale), height: Math.round(videoHeight * scale) };
}

/** Starts reading `video`; returns the function that stops it. `onError` is told once when the decoder fails. */
export function startReadLoop(
  video: HTMLVideoElement,
  decoder: FrameDecoder,
  onCodes: (codes: DecodedCode[]) => void,
  onError: (error: Error) => void,
): () => void {
  // Firefox before 132 has no video frame callback; an animation frame stands in.
  const perVideoFrame = typeof video.requestVideoFrameCallback === 'function';
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  let stopped = false;
  let busy = false;
  let handle = 0;

  const schedule = () => {
    if (stopped) return;
    handle = perVideoFrame ? video.requestVideoFrameCallback(tick) : requestAnimationFrame(tick);
  };
  const cancel = () => (perVideoFrame ? video.cancelVideoFrameCallback(handle) : cancelAnimationFrame(handle));

  function tick() {
    if (stopped) return;
    if (!busy && context && video.readyState >= video.HAVE_CURRENT_DATA && video.videoWidth > 0) {
      const { width, height } = frameSize(video.videoWidth, video.videoHeight);
      if (canvas.width !== width || canvas.height !== height) {
        canvas.width = width;
        canvas.height = height;
      }
      context.drawImage(video, 0, 0, width, height);
      busy = true;
      decoder.decode(context.getImageData(0, 0, width, height)).then(
        (codes) => {
          busy = false;
          if (!stopped && codes.length > 0) onCodes(codes);
        },
        (error: Error) => {
          if (stopped) return;
          stopped = true;
          onError(error);
        },
      );
    }
    schedule();
  }

  schedule();
  return () => {
    stopped = true;
    cancel();
  };
}
