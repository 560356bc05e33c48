/**
 * The viewfinder in Chromium with a camera that films an asset label: the built client's worker
 * reads the QR code from the video, reports it once while it stays in view, and fits a 390×844
 * phone. Without the camera permission it says the camera was refused.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trackerUrl } from '../contract/scan-paths.ts';
import { openBrowser } from './helpers/browser.ts';
import { fakeCameraFlags, qrFrame, writeY4m } from './helpers/fake-camera.ts';
import { pageOverflow } from './helpers/layout.ts';
import { startServer, type RunningServer } from './helpers/server.ts';

const PHONE = { width: 390, height: 844 };
const LINK = trackerUrl('https://stock.example.com', '5d3c2b1a-0f9e-4d8c-b7a6-958473625140');
let server: RunningServer;
let dir: string;
let video: string;

beforeAll(async () => {
  server = await startServer();
  dir = mkdtempSync(path.join(tmpdir(), 'stockledger-camera-'));
  video = path.join(dir, 'asset-label.y4m');
  writeY4m(video, await qrFrame(LINK));
});

afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('the camera check page', () => {
  it('reads the asset label the camera films, once while it stays in view, on a phone-sized screen', async () => {
    const phone = await openBrowser(PHONE, fakeCameraFlags(video));
    try {
      const { page } = phone;
      await page.goto(`${server.url}/camera-check.html`);
      const reads = page.getByTestId('camera-reads').locator('li');
      await reads.first().waitFor({ timeout: 30_000 });
      expect(await reads.first().getAttribute('data-format')).toBe('QRCode');
      expect((await reads.first().textContent())?.startsWith(LINK)).toBe(true);
      // The label stays in front of the camera: frame after frame reads it, and it is listed once.
      await page.waitForTimeout(2000);
      expect(await reads.count()).toBe(1);
      expect(await page.getByRole('button', { name: /Torch/ }).count()).toBe(0);
      expect(await pageOverflow(page)).toBe(0);
      await phone.screenshot('camera-check-reads-label');
    } finally {
      await phone.close();
    }
  });

  it('says the camera was refused when the browser denies it', async () => {
    // A fake camera, but no automatic yes: Chromium under automation refuses the permission.
    const phone = await openBrowser(PHONE, ['--use-fake-device-for-media-stream']);
    try {
      const { page } = phone;
      await page.goto(`${server.url}/camera-check.html`);
      const alert = page.getByRole('alert');
      await alert.waitFor();
      expect(await alert.getAttribute('data-reason')).toBe('denied');
      expect(await alert.textContent()).toContain("Camera access was refused. Allow the camera in the browser's site settings, or type the code below.");
      await phone.screenshot('camera-check-refused');
    } finally {
      await phone.close();
    }
  });
});
