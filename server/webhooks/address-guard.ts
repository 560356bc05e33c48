/**
 * Where a webhook may be sent: an https URL whose host resolves only to public unicast addresses,
 * so an endpoint cannot make the server call into its own network (cloud metadata, databases,
 * admin consoles). The site setting `webhooks_allow_private` admits plain http and loopback or
 * private addresses, for tests and on-premises receivers; link-local (169.254.169.254, the cloud
 * metadata address), unspecified, multicast and reserved addresses are never admitted.
 *
 * Checked at registration and again before every send: a name that resolved to a public address
 * yesterday may resolve to a private one today.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';
import { WEBHOOK_MESSAGES } from '../../contract/webhooks.ts';

export type AddressLookup = (hostname: string) => Promise<readonly { address: string }[]>;

const systemLookup: AddressLookup = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/** Ranges admitted only when the site allows private receivers. */
const PRIVATE_RANGES: ReadonlySet<string> = new Set(['loopback', 'private', 'uniqueLocal', 'carrierGradeNat']);

export const CREDENTIALS_IN_URL = 'URL must not carry a user name or password.';

/** Whether one address may be connected to. */
export function addressAllowed(address: string, allowPrivate: boolean): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  const range = parsed.range();
  return range === 'unicast' || (allowPrivate && PRIVATE_RANGES.has(range));
}

export type TargetCheck = { ok: true; url: URL; addresses: string[] } | { ok: false; message: string };

export interface TargetOptions {
  allowPrivate: boolean;
  lookup?: AddressLookup;
}

/** Checks a webhook URL and resolves its host: every address it resolves to must be admitted. */
export async function checkWebhookTarget(raw: string, { allowPrivate, lookup = systemLookup }: TargetOptions): Promise<TargetCheck> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, message: WEBHOOK_MESSAGES.url };
  }
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:')) return { ok: false, message: WEBHOOK_MESSAGES.url };
  if (url.username || url.password) return { ok: false, message: CREDENTIALS_IN_URL };
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: string[];
  if (ipaddr.isValid(host)) addresses = [host];
  else {
    try {
      addresses = (await lookup(host)).map((a) => a.address);
    } catch {
      return { ok: false, message: WEBHOOK_MESSAGES.unresolvable };
    }
    if (addresses.length === 0) return { ok: false, message: WEBHOOK_MESSAGES.unresolvable };
  }
  if (!addresses.every((a) => addressAllowed(a, allowPrivate))) return { ok: false, message: WEBHOOK_MESSAGES.privateAddress };
  return { ok: true, url, addresses };
}
