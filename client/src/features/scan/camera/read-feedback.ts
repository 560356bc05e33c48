/** A short beep and a buzz on each read, so the person scanning can look at the label, not the screen. */
let audio: AudioContext | null = null;

function beep(): void {
  const Context = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Context) return;
  audio ??= new Context();
  // A context made before any tap may start suspended; resuming is allowed once the page had a gesture.
  if (audio.state === 'suspended') void audio.resume();
  const oscillator = audio.createOscillator();
  const gain = audio.createGain();
  oscillator.type = 'square';
  oscillator.frequency.value = 1760;
  gain.gain.setValueAtTime(0.08, audio.currentTime);
  gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.09);
  oscillator.connect(gain).connect(audio.destination);
  oscillator.start();
  oscillator.stop(audio.currentTime + 0.1);
}

export function signalRead(): void {
  try {
    beep();
  } catch {
    // No sound (a browser without Web Audio, audio blocked) must not stop the read.
  }
  if (typeof navigator.vibrate === 'function') navigator.vibrate(60);
}
