/** The camera viewfinder that reads codes (its decoding is built in this folder). */
export type CameraUnavailable = 'denied' | 'absent' | 'insecure' | 'failed';

export interface CameraScannerProps {
  /** Called once per read (the same code is not repeated while it stays in view). */
  onCode: (text: string, format: string) => void;
  /** Called when the camera cannot be used, with why; the page then offers typing the code. */
  onUnavailable?: (reason: CameraUnavailable, message: string) => void;
  /** False pauses reading (a result is on screen). */
  active?: boolean;
}

export function CameraScanner(_props: CameraScannerProps) {
  return null;
}
