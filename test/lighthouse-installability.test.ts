/** The installability audits' verdicts on made-up artifacts (the real run is `npm run lighthouse:pwa`). */
import { describe, expect, it } from 'vitest';
import {
  type IconCheck,
  type InstallabilityArtifact,
  InstallableManifestAudit,
  ManifestIconsAudit,
  ServiceWorkerAudit,
} from '../e2e/lighthouse/installability.ts';

const icon = (src: string, size: number, purpose = 'any'): IconCheck => ({
  src,
  sizes: `${size}x${size}`,
  type: 'image/png',
  purpose,
  width: size,
  height: size,
  contentType: 'image/png',
  error: null,
});

function artifact(overrides: Partial<InstallabilityArtifact> = {}): { Installability: InstallabilityArtifact } {
  const icons = [icon('/i192.png', 192), icon('/i512.png', 512), icon('/m512.png', 512, 'maskable')];
  return {
    Installability: {
      manifestUrl: 'http://127.0.0.1:3000/manifest.webmanifest',
      manifestErrors: [],
      manifest: { start_url: '/', icons },
      installabilityErrors: [],
      serviceWorker: {
        scope: 'http://127.0.0.1:3000/',
        state: 'activated',
        scriptURL: 'http://127.0.0.1:3000/sw.js',
        controlled: true,
        pageUrl: 'http://127.0.0.1:3000/',
      },
      icons,
      ...overrides,
    },
  };
}

// The audits take Lighthouse's whole artifact set; they read only ours.
const run = (audit: { audit(a: never): unknown }, a: ReturnType<typeof artifact>) => audit.audit(a as never) as { score: number | null; explanation?: string };

describe('installability audits', () => {
  it('pass an installable app', () => {
    for (const audit of [InstallableManifestAudit, ServiceWorkerAudit, ManifestIconsAudit]) expect(run(audit, artifact()).score).toBe(1);
  });

  it("fail on Chromium's installability errors, naming them", () => {
    const result = run(
      InstallableManifestAudit,
      artifact({ installabilityErrors: [{ errorId: 'no-acceptable-icon', errorArguments: [{ name: 'minimum-icon-size-in-pixels', value: '144' }] }] }),
    );
    expect(result).toEqual({ score: 0, explanation: 'no-acceptable-icon minimum-icon-size-in-pixels=144' });
    expect(run(InstallableManifestAudit, artifact({ manifestUrl: null })).score).toBe(0);
  });

  it('fail without a worker in control of the start URL', () => {
    const worker = artifact().Installability.serviceWorker;
    expect(run(ServiceWorkerAudit, artifact({ serviceWorker: { ...worker, controlled: false } })).score).toBe(0);
    expect(run(ServiceWorkerAudit, artifact({ serviceWorker: { ...worker, state: null } })).score).toBe(0);
    expect(run(ServiceWorkerAudit, artifact({ serviceWorker: { ...worker, scope: 'http://127.0.0.1:3000/app/' } })).score).toBe(0);
  });

  it('fail without a 192, a 512 or a maskable PNG, or with an icon of the wrong real size', () => {
    const only = (...icons: IconCheck[]) => run(ManifestIconsAudit, artifact({ icons }));
    expect(only(icon('/i512.png', 512), icon('/m512.png', 512, 'maskable')).explanation).toBe('Missing a 192×192 PNG');
    expect(only(icon('/i192.png', 192), icon('/i512.png', 512)).explanation).toBe('Missing a maskable PNG of at least 512 pixels');
    expect(only({ ...icon('/i192.png', 192), width: 180, height: 180 }, icon('/i512.png', 512), icon('/m512.png', 512, 'maskable')).score).toBe(0);
    expect(only({ ...icon('/i192.png', 192), error: 'not an image', width: null, height: null }).score).toBe(0);
  });
});
