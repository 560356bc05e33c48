/** Import files made by tests and the benchmark: CSV text and XLSX workbooks from rows of cells. */
import XLSX from 'xlsx';

const csvCell = (cell: string) => (/[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);

export function csvFile(rows: ReadonlyArray<readonly string[]>): Buffer {
  return Buffer.from(rows.map((row) => row.map(csvCell).join(',')).join('\r\n'));
}

export function xlsxFile(rows: ReadonlyArray<readonly string[]>): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows.map((row) => [...row])), 'Sheet1');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}

/** A raw file of `n` rows: Rack, Port, Device columns. */
export function rawRows(n: number): string[][] {
  const rows: string[][] = [['Rack', 'Port', 'Device']];
  for (let i = 1; i <= n; i += 1) rows.push([`R${String(i).padStart(6, '0')}`, String(i % 48), `sw-${i % 97}`]);
  return rows;
}

/**
 * A zip bomb dressed as a workbook: one sheet part of `unpackedBytes` zeros, deflated to a few
 * hundred kilobytes, built part by part so the test never holds the unpacked bytes.
 */
export async function zipBomb(unpackedBytes: number): Promise<Buffer> {
  const { createDeflateRaw, crc32 } = await import('node:zlib');
  const name = Buffer.from('xl/worksheets/sheet1.xml');
  const deflate = createDeflateRaw({ level: 1 });
  const parts: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => parts.push(chunk));
  const done = new Promise((resolve) => deflate.on('end', resolve));
  const chunk = Buffer.alloc(1024 * 1024);
  let crc = 0;
  for (let written = 0; written < unpackedBytes; written += chunk.length) {
    crc = crc32(chunk, crc);
    if (!deflate.write(chunk)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await done;
  const data = Buffer.concat(parts);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(crc >>> 0, 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(unpackedBytes, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(crc >>> 0, 16);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(unpackedBytes, 24);
  central.writeUInt16LE(name.length, 28);
  const directoryOffset = local.length + name.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(directoryOffset, 16);
  return Buffer.concat([local, name, data, central, name, end]);
}
