import { describe, expect, it } from 'vitest';
import { WEBHOOK_MESSAGES } from '../../contract/webhooks.ts';
import { addressAllowed, checkWebhookTarget, CREDENTIALS_IN_URL, type AddressLookup } from './address-guard.ts';

const resolvesTo =
  (...addresses: string[]): AddressLookup =>
  async () =>
    addresses.map((address) => ({ address }));
const unknownHost: AddressLookup = async () => {
  throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
};

describe('webhook address guard', () => {
  it('admits public unicast addresses and nothing inside the network by default', () => {
    for (const address of ['8.8.8.8', '2001:4860:4860::8888', '::ffff:8.8.8.8']) expect(addressAllowed(address, false), address).toBe(true);
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.10',
      '169.254.169.254',
      '::1',
      'fe80::1',
      'fc00::1',
      '::ffff:127.0.0.1',
      '0.0.0.0',
      '100.64.0.1',
      '224.0.0.1',
      'not an ip',
    ])
      expect(addressAllowed(address, false), address).toBe(false);
  });

  it('with private receivers allowed admits loopback and private ranges, never link-local, unspecified or multicast', () => {
    for (const address of ['127.0.0.1', '10.1.2.3', '192.168.1.10', '::1', 'fc00::1']) expect(addressAllowed(address, true), address).toBe(true);
    for (const address of ['169.254.169.254', 'fe80::1', '0.0.0.0', '224.0.0.1']) expect(addressAllowed(address, true), address).toBe(false);
  });

  it('takes an https URL whose host resolves only to public addresses', async () => {
    const check = await checkWebhookTarget('https://hooks.example.com/in', { allowPrivate: false, lookup: resolvesTo('93.184.216.34') });
    expect(check).toMatchObject({ ok: true, addresses: ['93.184.216.34'] });
  });

  it('refuses plain http, bad URLs and credentials in the URL', async () => {
    const lookup = resolvesTo('93.184.216.34');
    expect(await checkWebhookTarget('http://hooks.example.com/in', { allowPrivate: false, lookup })).toEqual({ ok: false, message: WEBHOOK_MESSAGES.url });
    expect(await checkWebhookTarget('ftp://hooks.example.com/in', { allowPrivate: true, lookup })).toEqual({ ok: false, message: WEBHOOK_MESSAGES.url });
    expect(await checkWebhookTarget('not a url', { allowPrivate: false, lookup })).toEqual({ ok: false, message: WEBHOOK_MESSAGES.url });
    expect(await checkWebhookTarget('https://me:secret@hooks.example.com/', { allowPrivate: false, lookup })).toEqual({
      ok: false,
      message: CREDENTIALS_IN_URL,
    });
  });

  it('refuses a host that resolves to any private address, and one that does not resolve', async () => {
    expect(await checkWebhookTarget('https://inside.example.com/', { allowPrivate: false, lookup: resolvesTo('93.184.216.34', '10.0.0.5') })).toEqual({
      ok: false,
      message: WEBHOOK_MESSAGES.privateAddress,
    });
    expect(await checkWebhookTarget('https://127.0.0.1:8443/', { allowPrivate: false })).toEqual({ ok: false, message: WEBHOOK_MESSAGES.privateAddress });
    expect(await checkWebhookTarget('https://[::1]/', { allowPrivate: false })).toEqual({ ok: false, message: WEBHOOK_MESSAGES.privateAddress });
    expect(await checkWebhookTarget('https://nowhere.invalid/', { allowPrivate: false, lookup: unknownHost })).toEqual({
      ok: false,
      message: WEBHOOK_MESSAGES.unresolvable,
    });
  });

  it('admits a loopback receiver over plain http when the site allows private receivers', async () => {
    expect(await checkWebhookTarget('http://127.0.0.1:9999/hook', { allowPrivate: true })).toMatchObject({ ok: true, addresses: ['127.0.0.1'] });
    expect(await checkWebhookTarget('http://169.254.169.254/latest', { allowPrivate: true })).toEqual({ ok: false, message: WEBHOOK_MESSAGES.privateAddress });
  });
});
