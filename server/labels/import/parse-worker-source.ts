/**
 * The code of the thread that parses an uploaded file, as plain JavaScript text. It runs in a
 * worker of its own (one per file) so that whatever a hostile file does to the parser stays there:
 * a polluted prototype dies with the thread, an endless parse is ended by the caller's timer, a
 * parse that wants too much memory hits the worker's heap limit instead of the server's, and the
 * thread yields the CPU to the server's own. Only plain arrays of strings come back, copied by
 * structured clone, which carries no prototypes.
 *
 * Text rather than a module so it needs no file beside the bundled server: the parsers are loaded
 * by the absolute paths the caller resolved.
 */
export const PARSE_WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
// Below the server's own thread in the scheduler (Linux sets a nice value per thread; elsewhere it
// would lower the whole process, so only there): a parse takes the CPU the server leaves idle.
if (process.platform === 'linux') {
  try { require('node:os').setPriority(0, 10); } catch {}
}
const { kind, bytes, xlsxPath, csvPath } = workerData;
const BUILTINS = [Object.prototype, Array.prototype, String.prototype, Function.prototype];
const snapshot = () => BUILTINS.map((p) => Object.getOwnPropertyNames(p).join('|')).join('#');
const before = snapshot();
const text = (value) => (value === null || value === undefined ? '' : typeof value === 'string' ? value : String(value));
function rowsOf() {
  const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (kind === 'csv') {
    const { parse } = require(csvPath);
    return parse(data, { bom: true, relax_column_count: true, relax_quotes: false, skip_empty_lines: false });
  }
  const XLSX = require(xlsxPath);
  const book = XLSX.read(data, { type: 'buffer', dense: true, sheets: 0, cellFormula: false, cellHTML: false, cellStyles: false, bookVBA: false });
  const sheet = book.Sheets[book.SheetNames[0]];
  if (!sheet) return [];
  return XLSX.utils.sheet_to_json(sheet, { header: 1, raw: false, defval: '', blankrows: true });
}
try {
  const parsed = rowsOf();
  if (snapshot() !== before) {
    parentPort.postMessage({ error: 'the file tries to change built-in objects' });
  } else {
    const rows = new Array(parsed.length);
    for (let i = 0; i < parsed.length; i += 1) {
      const row = Array.isArray(parsed[i]) ? parsed[i] : [];
      const out = new Array(row.length);
      for (let j = 0; j < row.length; j += 1) out[j] = text(row[j]);
      rows[i] = out;
    }
    parentPort.postMessage({ rows });
  }
} catch (error) {
  parentPort.postMessage({ error: error && error.message ? String(error.message) : String(error) });
}
`;
