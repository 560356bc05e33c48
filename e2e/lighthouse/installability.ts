/**
 * Lighthouse 12 dropped its PWA category and the installable-manifest audit; these put the checks
 * back as a custom config. One gatherer asks Chromium what the old audit asked it
 * (`Page.getInstallabilityErrors`, `Page.getAppManifest`), waits for the service worker and reads
 * its registration in the page, and loads each manifest icon to learn its real size. Three audits
 * judge that: installable-manifest, service-worker and manifest-icons.
 */
import { Audit, Gatherer } from 'lighthouse';
import type * as LH from 'lighthouse/types/lh.js';

export interface IconCheck {
  src: string;
  sizes: string;
  type: string;
  purpose: string;
  /** What the browser decoded, or why it could not. */
  width: number | null;
  height: number | null;
  contentType: string | null;
  error: string | null;
}

export interface InstallabilityArtifact {
  manifestUrl: string | null;
  manifestErrors: string[];
  manifest: { start_url?: string; icons?: { src: string; sizes?: string; type?: string; purpose?: string }[] } | null;
  installabilityErrors: { errorId: string; errorArguments: { name: string; value: string }[] }[];
  serviceWorker: { scope: string | null; state: string | null; scriptURL: string | null; controlled: boolean; pageUrl: string };
  icons: IconCheck[];
}

/** Runs in the page: waits (up to 20 s) for an active worker in control, then loads each icon. */
const IN_PAGE = (iconsJson: string) => `(async () => {
  const icons = ${iconsJson};
  const deadline = Date.now() + 20000;
  let reg = null;
  while (Date.now() < deadline) {
    reg = await navigator.serviceWorker.getRegistration(location.href);
    if (reg && reg.active && reg.active.state === 'activated' && navigator.serviceWorker.controller) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  const checked = [];
  for (const icon of icons) {
    const entry = { src: icon.src, sizes: icon.sizes || '', type: icon.type || '', purpose: icon.purpose || 'any', width: null, height: null, contentType: null, error: null };
    try {
      const response = await fetch(new URL(icon.src, document.querySelector('link[rel=manifest]')?.href || location.href));
      entry.contentType = response.headers.get('content-type');
      const bitmap = await createImageBitmap(await response.blob());
      entry.width = bitmap.width;
      entry.height = bitmap.height;
    } catch (error) {
      entry.error = String(error);
    }
    checked.push(entry);
  }
  return {
    serviceWorker: {
      scope: reg ? reg.scope : null,
      state: reg && reg.active ? reg.active.state : null,
      scriptURL: reg && reg.active ? reg.active.scriptURL : null,
      controlled: Boolean(navigator.serviceWorker.controller),
      pageUrl: location.href,
    },
    icons: checked,
  };
})()`;

export class InstallabilityGatherer extends Gatherer {
  override meta: LH.Gatherer.GathererMeta = { supportedModes: ['navigation'] };

  override getArtifact(context: LH.Gatherer.Context): LH.Gatherer.PhaseResult {
    // Lighthouse's types know only its own artifacts.
    return this.gather(context) as never;
  }

  private async gather(context: LH.Gatherer.Context): Promise<InstallabilityArtifact> {
    const session = context.driver.defaultSession;
    const appManifest = await session.sendCommand('Page.getAppManifest', {});
    let manifest: InstallabilityArtifact['manifest'] = null;
    try {
      manifest = appManifest.data ? JSON.parse(appManifest.data) : null;
    } catch {
      manifest = null;
    }
    const inPage = await session.sendCommand('Runtime.evaluate', {
      expression: IN_PAGE(JSON.stringify(manifest?.icons ?? [])),
      awaitPromise: true,
      returnByValue: true,
    });
    if (inPage.exceptionDetails) throw new Error(`installability check failed in the page: ${inPage.exceptionDetails.text}`);
    const { serviceWorker, icons } = inPage.result.value as Pick<InstallabilityArtifact, 'serviceWorker' | 'icons'>;
    // Asked last: with the worker in control, nothing about it can still be pending.
    const { installabilityErrors } = await session.sendCommand('Page.getInstallabilityErrors');
    return {
      manifestUrl: appManifest.url || null,
      manifestErrors: appManifest.errors.map((e: { message: string }) => e.message),
      manifest,
      installabilityErrors,
      serviceWorker,
      icons,
    };
  }
}

type Artifacts = LH.Artifacts & { Installability: InstallabilityArtifact };

const failed = (reason: string): LH.Audit.Product => ({ score: 0, explanation: reason });

export class InstallableManifestAudit extends Audit {
  static override get meta(): LH.Audit.Meta {
    return {
      id: 'installable-manifest',
      title: 'The web app manifest and service worker meet the installability requirements',
      failureTitle: 'The web app manifest or service worker do not meet the installability requirements',
      description: "Chromium's own verdict (Page.getInstallabilityErrors), as Lighthouse's installable-manifest audit gave it up to version 11.",
      requiredArtifacts: ['Installability'] as never,
    };
  }

  static override audit(artifacts: Artifacts): LH.Audit.Product {
    const { manifestUrl, manifestErrors, installabilityErrors } = artifacts.Installability;
    if (!manifestUrl) return failed('The page links no web app manifest');
    const problems = [
      ...manifestErrors.map((m) => `manifest: ${m}`),
      ...installabilityErrors.map((e) => [e.errorId, ...e.errorArguments.map((a) => `${a.name}=${a.value}`)].join(' ')),
    ];
    return problems.length === 0 ? { score: 1 } : failed(problems.join('; '));
  }
}

export class ServiceWorkerAudit extends Audit {
  static override get meta(): LH.Audit.Meta {
    return {
      id: 'service-worker',
      title: 'An active service worker controls the page and the start URL',
      failureTitle: 'No active service worker controls the page and the start URL',
      description: 'The app loads with no network only through its service worker.',
      requiredArtifacts: ['Installability'] as never,
    };
  }

  static override audit(artifacts: Artifacts): LH.Audit.Product {
    const { manifest, manifestUrl, serviceWorker } = artifacts.Installability;
    if (!serviceWorker.scope || serviceWorker.state !== 'activated') return failed('No activated service worker is registered for the page');
    if (!serviceWorker.controlled) return failed(`The worker ${serviceWorker.scriptURL} does not control the page`);
    if (!manifest?.start_url || !manifestUrl) return failed('The manifest names no start_url');
    const startUrl = new URL(manifest.start_url, manifestUrl).href;
    if (!startUrl.startsWith(serviceWorker.scope)) return failed(`The start URL ${startUrl} is outside the worker's scope ${serviceWorker.scope}`);
    return { score: 1, displayValue: `${serviceWorker.scriptURL} controls ${startUrl}` };
  }
}

const hasSize = (icon: IconCheck, size: number) => icon.sizes.split(/\s+/).includes(`${size}x${size}`) && icon.width === size && icon.height === size;
const isPng = (icon: IconCheck) => icon.type === 'image/png' && (icon.contentType ?? '').startsWith('image/png');

export class ManifestIconsAudit extends Audit {
  static override get meta(): LH.Audit.Meta {
    return {
      id: 'manifest-icons',
      title: 'The manifest has 192 and 512 pixel PNG icons and a maskable one',
      failureTitle: 'The manifest lacks a 192 or 512 pixel PNG icon or a maskable one',
      description: 'Each icon is loaded and decoded: its real size must be the one the manifest states.',
      requiredArtifacts: ['Installability'] as never,
    };
  }

  static override audit(artifacts: Artifacts): LH.Audit.Product {
    const { icons } = artifacts.Installability;
    const broken = icons.filter((i) => i.error !== null);
    if (broken.length > 0) return failed(`Icons that do not load as images: ${broken.map((i) => `${i.src} (${i.error})`).join(', ')}`);
    const missing: string[] = [];
    if (!icons.some((i) => isPng(i) && hasSize(i, 192))) missing.push('a 192×192 PNG');
    if (!icons.some((i) => isPng(i) && hasSize(i, 512))) missing.push('a 512×512 PNG');
    if (!icons.some((i) => isPng(i) && i.purpose.split(/\s+/).includes('maskable') && i.width !== null && i.width >= 512))
      missing.push('a maskable PNG of at least 512 pixels');
    return missing.length === 0 ? { score: 1, displayValue: `${icons.length} icons` } : failed(`Missing ${missing.join(', ')}`);
  }
}

/** The custom config: only the installability category, desktop, no throttling (nothing here is timed). */
export const installabilityConfig: LH.Config = {
  extends: 'lighthouse:default',
  artifacts: [{ id: 'Installability', gatherer: { implementation: InstallabilityGatherer } } as never],
  audits: [{ implementation: InstallableManifestAudit }, { implementation: ServiceWorkerAudit }, { implementation: ManifestIconsAudit }] as never,
  categories: {
    'pwa-installable': {
      title: 'Installable app',
      auditRefs: [
        { id: 'installable-manifest', weight: 1 },
        { id: 'service-worker', weight: 1 },
        { id: 'manifest-icons', weight: 1 },
      ],
    },
  },
  settings: {
    onlyCategories: ['pwa-installable'],
    formFactor: 'desktop',
    screenEmulation: { disabled: true },
    throttlingMethod: 'provided',
  },
};
