/**
 * A look at an XLSX file's zip directory before any parser inflates it: refuses archives whose
 * parts would unpack to more than a limit (a zip bomb announces its size there). The parse worker's
 * heap limit still stands behind this for an archive that lies about its sizes.
 */
const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;

export type ZipCheck = { ok: true; unpackedBytes: number } | { ok: false; reason: string };

export function checkZip(bytes: Buffer, maxUnpackedBytes: number): ZipCheck {
  // The end-of-directory record sits in the last 22 bytes plus up to 64 KiB of comment.
  const from = Math.max(0, bytes.length - 22 - 0xffff);
  let end = -1;
  for (let i = bytes.length - 22; i >= from; i -= 1) {
    if (bytes.readUInt32LE(i) === END_OF_DIRECTORY) {
      end = i;
      break;
    }
  }
  if (end < 0) return { ok: false, reason: 'the file is not a valid XLSX workbook' };
  const entries = bytes.readUInt16LE(end + 10);
  const directoryOffset = bytes.readUInt32LE(end + 16);
  if (entries === 0xffff || directoryOffset === 0xffffffff) return { ok: false, reason: 'the workbook is too large' };
  let offset = directoryOffset;
  let unpacked = 0;
  for (let n = 0; n < entries; n += 1) {
    if (offset + 46 > bytes.length || bytes.readUInt32LE(offset) !== DIRECTORY_ENTRY) return { ok: false, reason: 'the file is not a valid XLSX workbook' };
    const size = bytes.readUInt32LE(offset + 24);
    if (size === 0xffffffff) return { ok: false, reason: 'the workbook is too large' };
    unpacked += size;
    if (unpacked > maxUnpackedBytes) return { ok: false, reason: 'the workbook unpacks to more than the allowed size' };
    offset += 46 + bytes.readUInt16LE(offset + 28) + bytes.readUInt16LE(offset + 30) + bytes.readUInt16LE(offset + 32);
  }
  return { ok: true, unpackedBytes: unpacked };
}
