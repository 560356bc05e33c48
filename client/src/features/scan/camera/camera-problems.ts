/** Why the camera cannot be used, told in words a person can act on. */
import type { CameraUnavailable } from './camera-scanner.tsx';

export const CAMERA_TITLES: Record<CameraUnavailable, string> = {
  denied: 'Camera access refused',
  absent: 'No camera found',
  insecure: 'Camera needs a secure connection',
  failed: 'Camera did not start',
};

export const CAMERA_MESSAGES: Record<CameraUnavailable, string> = {
  denied: "Camera access was refused. Allow the camera in the browser's site settings, or type the code below.",
  absent: 'This device has no camera the browser can use. Type the code below, or use a handheld scanner.',
  insecure: 'The camera works only over a secure (https) connection to this site. Type the code below, or open the site over https.',
  failed:
    'The camera or its code reader could not be started (another app may be using the camera). Close other camera apps and try again, or type the code below.',
};

/** What stands in the way before asking: a page over plain http, or a browser with no camera API. */
export function cameraBlocked(): CameraUnavailable | null {
  if (typeof window !== 'undefined' && window.isSecureContext === false) return 'insecure';
  if (typeof navigator === 'undefined' || typeof navigator.mediaDevices?.getUserMedia !== 'function') return 'absent';
  return null;
}

/** getUserMedia's refusal, by its DOMException name. */
export function cameraProblem(error: unknown): CameraUnavailable {
  const name = error instanceof Error || (typeof error === 'object' && error !== null && 'name' in error) ? String((error as { name: unknown }).name) : '';
  switch (name) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
      return 'denied';
    case 'SecurityError':
      return window.isSecureContext === false ? 'insecure' : 'denied';
    case 'NotFoundError':
    case 'DevicesNotFoundError':
    case 'OverconstrainedError':
      return 'absent';
    default:
      return 'failed';
  }
}
