// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Checkpoint, checkpointMessage } from '@contract/ledger.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { bundleUrl } from './ledger-api.ts';
import { LedgerPage, signatureBadge } from './ledger-page.tsx';
import { verifyCheckpointInBrowser } from './signature-check.ts';

const hex = (bytes: ArrayBuffer) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');
const base64 = (bytes: ArrayBuffer) => btoa(String.fromCharCode(...new Uint8Array(bytes)));
let keys: CryptoKeyPair;
let publicKeyHex: string;
let publicKeyPem: string;
let signature: string;
const head = { ledger_seq: 1234, chain_hash: 'a'.repeat(64), tree_root: 'b'.repeat(64), signed_at: '2026-11-24T12:00:00.000Z' };

beforeAll(async () => {
  keys = (await crypto.subtle.generateKey({ name: 'Ed25519' }, true, ['sign', 'verify'])) as CryptoKeyPair;
  publicKeyHex = hex(await crypto.subtle.exportKey('raw', keys.publicKey));
  publicKeyPem = `-----BEGIN PUBLIC KEY-----\n${base64(await crypto.subtle.exportKey('spki', keys.publicKey))}\n-----END PUBLIC KEY-----\n`;
  signature = base64(await crypto.subtle.sign({ name: 'Ed25519' }, keys.privateKey, new TextEncoder().encode(checkpointMessage(head))));
});

const signed = (): Checkpoint => ({ ...head, key_id: '0123456789abcdef', signature });

const routes = (checkpoint: Checkpoint, jobs: unknown[] = []) => {
  let polled = 0;
  return {
    'GET /api/ledger/status': { events: 1240, sealed: 1234, latest: checkpoint, latest_signature_valid: true, key_id: checkpoint.key_id },
    'GET /api/ledger/public-key': { algorithm: 'Ed25519', key_id: checkpoint.key_id, public_key_pem: publicKeyPem, public_key_hex: publicKeyHex },
    'GET /api/projects': { items: [] },
    'POST /api/ledger/verify': jobs[0],
    'GET /api/ledger/verify/job-1': () => jobs[Math.min(++polled, jobs.length - 1)],
  };
};

describe('the checkpoint signature, checked in the browser', () => {
  it('verifies a checkpoint signed by the key, and refuses one whose figures were changed', async () => {
    const checkpoint = signed();
    expect(await verifyCheckpointInBrowser(checkpoint, publicKeyHex)).toBe('valid');
    expect(await verifyCheckpointInBrowser({ ...checkpoint, ledger_seq: 1235 }, publicKeyHex)).toBe('invalid');
    const withoutEd25519 = { importKey: () => Promise.reject(new DOMException('Unrecognized name.', 'NotSupportedError')) } as unknown as SubtleCrypto;
    expect(await verifyCheckpointInBrowser(checkpoint, publicKeyHex, withoutEd25519)).toBe('unsupported');
  });

  it('falls back to the server’s check where the browser has no Ed25519', () => {
    expect(signatureBadge('unsupported', true).label).toBe('Signature verified by the server (this browser cannot check Ed25519)');
    expect(signatureBadge('unsupported', false).color).toBe('red');
    expect(signatureBadge('valid', false).label).toBe('Signature verified in this browser');
  });
});

describe('the Ledger page', () => {
  it('shows the latest checkpoint verified here, the public key with a copy button, and verify-now to its end', async () => {
    const job = { job_id: 'job-1', checked: 0, total: 1234, started_at: '2026-11-24T12:00:00Z', finished_at: null, problems: [] };
    const { user } = renderWithProviders(<LedgerPage />, {
      routes: routes(signed(), [
        { ...job, state: 'running' },
        { ...job, state: 'running', checked: 600 },
        { ...job, state: 'passed', checked: 1234, finished_at: '2026-11-24T12:00:02Z' },
      ]),
    });
    expect(await screen.findByText('Signature verified in this browser')).toBeTruthy();
    expect(screen.getByText('1,234 of 1,240 events sealed')).toBeTruthy();
    expect(screen.getByText(/BEGIN PUBLIC KEY/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Verify now' }));
    expect(await screen.findByText('Passed: 1,234 events checked, everything holds.', {}, { timeout: 5000 })).toBeTruthy();
  });

  it('says when a checkpoint does not verify with the served key', async () => {
    renderWithProviders(<LedgerPage />, { routes: routes({ ...signed(), chain_hash: 'c'.repeat(64) }) });
    expect(await screen.findByText('Signature does not verify')).toBeTruthy();
  });

  it('asks for a project before a bundle can be downloaded, and names the period in its address', async () => {
    renderWithProviders(<LedgerPage />, { routes: routes(signed()) });
    expect((await screen.findByRole('button', { name: 'Download bundle' })).hasAttribute('disabled')).toBe(true);
    expect(bundleUrl('p-1', '2026-11-01', '2026-11-30')).toBe('/api/ledger/bundle?project_id=p-1&from=2026-11-01&to=2026-11-30');
  });
});
