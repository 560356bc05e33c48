import { describe, expect, it } from 'vitest';
import {
  isGtin,
  labelCode,
  type LocationPlace,
  locationCode,
  noMatchMessage,
  parseScanCode,
  requestCode,
  SCAN_CODE_MAX,
  SCAN_MESSAGES,
  transferCode,
} from './scan-code.ts';
import { trackerUrl } from './scan-paths.ts';

const ID = '3f2b8c1e-9a4d-4e6f-8b7a-1c2d3e4f5a6b';
const code = (raw: string) => {
  const parsed = parseScanCode(raw);
  if (!parsed.ok) throw new Error(`refused ${JSON.stringify(raw)}: ${parsed.message}`);
  return parsed.code;
};
const refusal = (raw: string) => {
  const parsed = parseScanCode(raw);
  return parsed.ok ? null : parsed.message;
};
const place = (rack: string | null, shelf: string | null = null, bin: string | null = null, zone: string | null = null): LocationPlace => ({
  rack,
  shelf,
  bin,
  zone,
});

describe('the asset tracker link', () => {
  it('names the instance whatever the origin, over http or https', () => {
    expect(code(trackerUrl('https://stock.example.com', ID))).toEqual({ kind: 'asset', instanceId: ID });
    expect(code(trackerUrl('http://10.0.0.5:8080/', ID))).toEqual({ kind: 'asset', instanceId: ID });
    expect(code(`HTTPS://other.example.org/warehouses?track=${ID.toUpperCase()}&mode=assets`)).toEqual({ kind: 'asset', instanceId: ID });
  });
  it('refuses a link whose track is not an id, and reads a link without track as text', () => {
    expect(refusal('https://stock.example.com/warehouses?mode=assets&track=3f2b8c1e-9a4d')).toBe(SCAN_MESSAGES.brokenAssetLink);
    expect(refusal('https://stock.example.com/warehouses?mode=assets&track=')).toBe(SCAN_MESSAGES.brokenAssetLink);
    expect(code('https://maker.example.com/p/123')).toEqual({ kind: 'text', text: 'https://maker.example.com/p/123', gtin: false });
  });
});

describe('a bare id', () => {
  it('is an id the server names, in lower case', () => {
    expect(code(ID)).toEqual({ kind: 'id', id: ID });
    expect(code(`  ${ID.toUpperCase()}\r\n`)).toEqual({ kind: 'id', id: ID });
  });
});

describe('a location code', () => {
  it('reads what locationCode writes, fields and all', () => {
    for (const p of [
      place('A', '2', '7', 'North'),
      place('Rack | 1', 'Shelf 2'),
      place('Étagère ñ', null, 'Bac ü'),
      place(null, null, null, 'Yard'),
      place('100%', '50/50', 'a:b', 'x+y'),
      place(null),
    ]) {
      const written = locationCode(42, p);
      expect(code(written), written).toEqual({ kind: 'location', warehouseNum: 42, place: p });
    }
  });
  it('writes spaces as spaces and drops the empty trailing fields', () => {
    expect(locationCode(7, place('Rack A', '2'))).toBe('LOC:7:Rack A|2');
    expect(locationCode(7, place('A|B'))).toBe('LOC:7:A%7CB');
    expect(locationCode(7, place(null))).toBe('LOC:7:');
  });
  it('reads missing trailing fields as none, and a prefix in any case', () => {
    expect(code('LOC:3:A|2')).toEqual({ kind: 'location', warehouseNum: 3, place: place('A', '2') });
    expect(code('loc:3:A')).toEqual({ kind: 'location', warehouseNum: 3, place: place('A') });
    expect(code('LOC:3:')).toEqual({ kind: 'location', warehouseNum: 3, place: place(null) });
    expect(code('LOC:3:| |B')).toEqual({ kind: 'location', warehouseNum: 3, place: place(null, null, 'B') });
  });
  it('refuses a code without a warehouse number, with a number that is not one, or with five fields', () => {
    for (const raw of ['LOC:', 'LOC:3', 'LOC:abc:A', 'LOC:-3:A', 'LOC:1234567890:A', 'LOC:3:a|b|c|d|e'])
      expect(refusal(raw), raw).toBe(SCAN_MESSAGES.brokenLocation);
  });
});

describe('transfer, request and label codes', () => {
  it('name their kind by the id after the prefix', () => {
    expect(code(transferCode(ID))).toEqual({ kind: 'transfer', id: ID });
    expect(code(requestCode(ID.toUpperCase()))).toEqual({ kind: 'request', id: ID });
    expect(code(labelCode(ID))).toEqual({ kind: 'label', id: ID });
    expect(code(`trf: ${ID}`)).toEqual({ kind: 'transfer', id: ID });
  });
  it('refuse a prefix followed by anything but an id, saying what the code should be', () => {
    expect(refusal('TRF:12')).toBe(SCAN_MESSAGES.brokenTransfer);
    expect(refusal('REQ:R-12')).toBe(SCAN_MESSAGES.brokenRequest);
    expect(refusal('LBL:')).toBe(SCAN_MESSAGES.brokenLabel);
    expect(refusal(`LBL:${ID}x`)).toBe(SCAN_MESSAGES.brokenLabel);
  });
  it('read "R-12" as the request number 12 of the current project', () => {
    expect(code('R-12')).toEqual({ kind: 'request-number', num: 12 });
    expect(code('r-7')).toEqual({ kind: 'request-number', num: 7 });
    expect(code('R-12A')).toEqual({ kind: 'text', text: 'R-12A', gtin: false });
  });
});

describe('text: serial numbers, asset numbers, part numbers and EANs', () => {
  it('marks an EAN-13, a UPC-A and an EAN-8 with a right check digit as gtin', () => {
    for (const gtin of ['4006381333931', '036000291452', '96385074']) {
      expect(isGtin(gtin), gtin).toBe(true);
      expect(code(gtin)).toEqual({ kind: 'text', text: gtin, gtin: true });
    }
  });
  it('reads the same digits with a wrong check digit as plain text', () => {
    for (const wrong of ['4006381333932', '036000291453', '96385075']) expect(code(wrong)).toEqual({ kind: 'text', text: wrong, gtin: false });
    expect(isGtin('1234567')).toBe(false);
  });
  it('keeps part numbers and serials as they were scanned, trimmed', () => {
    expect(code('  PN-1000-A ')).toEqual({ kind: 'text', text: 'PN-1000-A', gtin: false });
    expect(code('SN 00042/b')).toEqual({ kind: 'text', text: 'SN 00042/b', gtin: false });
  });
});

describe('what a scanner should not send', () => {
  it('asks for a code when there is none', () => {
    for (const raw of ['', '   ', '\t\r\n']) expect(refusal(raw), JSON.stringify(raw)).toBe(SCAN_MESSAGES.empty);
  });
  it('refuses a code longer than the limit and takes one at the limit', () => {
    expect(refusal('x'.repeat(SCAN_CODE_MAX + 1))).toBe(SCAN_MESSAGES.tooLong);
    expect(SCAN_MESSAGES.tooLong).toBe('A code is at most 256 characters.');
    expect(code('x'.repeat(SCAN_CODE_MAX))).toEqual({ kind: 'text', text: 'x'.repeat(SCAN_CODE_MAX), gtin: false });
  });
  it('refuses control characters and lone surrogates as a misread', () => {
    for (const raw of ['AB\u0000C', 'AB\rC', 'AB\nC', 'AB\u001bC', 'AB\u007fC', 'AB\ud800C'])
      expect(refusal(raw), JSON.stringify(raw)).toBe(SCAN_MESSAGES.control);
  });
  it('reads a tab and the GS1 group separator as spaces', () => {
    expect(code('01\u001d0950110153\t21')).toEqual({ kind: 'text', text: '01 0950110153 21', gtin: false });
    expect(code('\u001dPN-9\t')).toEqual({ kind: 'text', text: 'PN-9', gtin: false });
  });
  it('says no match naming the code', () => {
    expect(noMatchMessage('PN-404')).toBe('No match for “PN-404”.');
  });
});
