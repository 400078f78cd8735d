// How long each XLSX writer takes for the largest export (100,000 rows) and how much memory
// it needs. Each writer runs in its own Node process so one writer's garbage never counts against the next.
//   npm run bench:xlsx                      all writers, 100,000 rows
//   npm run bench:xlsx -- --rows 20000 --writers fflate,exceljs
import { spawnSync } from 'node:child_process';
import { availableParallelism, loadavg } from 'node:os';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import { strFromU8, unzipSync } from 'fflate';
import { createExceljsXlsxWriter } from '../src/render/export/exceljs-xlsx-writer.ts';
import { DEFAULT_EXPORT_PAGE_SIZE } from '../src/render/export/export-report.ts';
import { createStreamingXlsxWriter } from '../src/render/export/streaming-xlsx-writer.ts';
import { testTransactions } from '../src/features/wallet/export/test-transactions.ts';
import { TRANSACTION_COLUMNS, toTransactionRow } from '../src/features/wallet/export/transaction-columns.ts';
import {
  DATE_FORMAT,
  MONEY_FORMAT,
  SHEET_NAME,
  XLSX_MIME,
  type XlsxWriter,
} from '../src/render/export/xlsx-writer.ts';

/** The budget: export of 100,000 rows under 5 s with the tab under 500 MB. */
const TARGET = { seconds: 5, megabytes: 500 };
const MB = 1024 * 1024;

/** exceljs's own streaming writer needs Node streams, so it is measured for reference only: no browser build has it. */
function createExceljsStreamWriter(): XlsxWriter {
  const output = new PassThrough();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  output.on('data', (chunk: Buffer) => chunks.push(new Uint8Array(chunk)));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  let sheet: ExcelJS.Worksheet | null = null;
  return {
    start(columns) {
      sheet = workbook.addWorksheet(SHEET_NAME, { views: [{ state: 'frozen', ySplit: 1 }] });
      sheet.columns = columns.map((column, i) => {
        const numFmt = column.kind === 'money' ? MONEY_FORMAT : column.kind === 'date' ? DATE_FORMAT : undefined;
        return { header: column.header, key: String(i), width: column.width, ...(numFmt ? { style: { numFmt } } : {}) };
      });
      sheet.getRow(1).font = { bold: true };
    },
    async addRows(rows) {
      if (!sheet) throw new Error('start() first');
      for (const row of rows) sheet.addRow(row.map((value) => (value === '' ? null : value))).commit();
    },
    async finish() {
      sheet?.commit();
      await workbook.commit();
      return new Blob(chunks, { type: XLSX_MIME });
    },
  };
}

interface WriterEntry {
  id: string;
  label: string;
  /** Whether the export worker could use it (runs in a browser). */
  browser: boolean;
  create: () => XlsxWriter;
}

const WRITERS: WriterEntry[] = [
  {
    id: 'ours-native',
    label: 'ours, native deflate',
    browser: true,
    create: () => createStreamingXlsxWriter({ deflate: 'native' }),
  },
  {
    id: 'ours-fflate',
    label: 'ours, fflate deflate',
    browser: true,
    create: () => createStreamingXlsxWriter({ deflate: 'fflate' }),
  },
  { id: 'exceljs', label: 'exceljs in-memory', browser: true, create: () => createExceljsXlsxWriter() },
  { id: 'exceljs-stream', label: 'exceljs streaming (Node)', browser: false, create: createExceljsStreamWriter },
];

interface Measurement {
  writer: string;
  rows: number;
  seconds: number;
  cpuSeconds: number;
  baselineRssMb: number;
  peakRssMb: number;
  peakHeapMb: number;
  fileMb: number;
  rowsInFile: number;
}

function option(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? (process.argv[at + 1] ?? fallback) : fallback;
}

async function measure(entry: WriterEntry, rowCount: number): Promise<Measurement> {
  let peakRss = 0;
  let peakHeap = 0;
  const sample = () => {
    const { rss, heapUsed } = process.memoryUsage();
    peakRss = Math.max(peakRss, rss);
    peakHeap = Math.max(peakHeap, heapUsed);
  };
  const baseline = process.memoryUsage().rss;
  // The timer catches the asynchronous zip phases; the sample after each page catches the synchronous ones.
  const timer = setInterval(sample, 10);

  const writer = entry.create();
  let busy = 0;
  let cpu = 0;
  let started = performance.now();
  let cpuStarted = process.cpuUsage();
  const stop = () => {
    busy += performance.now() - started;
    const used = process.cpuUsage(cpuStarted);
    cpu += (used.user + used.system) / 1000;
  };
  const go = () => {
    started = performance.now();
    cpuStarted = process.cpuUsage();
  };
  writer.start(TRANSACTION_COLUMNS);
  stop();
  for (let from = 0; from < rowCount; from += DEFAULT_EXPORT_PAGE_SIZE) {
    // A page as the report endpoint sends it (making it is the fetch's cost, not the writer's).
    const page = testTransactions(Math.min(DEFAULT_EXPORT_PAGE_SIZE, rowCount - from), from);
    go();
    await writer.addRows(page.map(toTransactionRow));
    stop();
    sample();
  }
  go();
  const blob = await writer.finish();
  stop();
  sample();
  clearInterval(timer);
  // maxRSS is the kernel's own peak for this process, including moments between samples.
  peakRss = Math.max(peakRss, process.resourceUsage().maxRSS * 1024);

  // Checked after the peak is taken: the sheet must hold the header and every row.
  const parts = unzipSync(new Uint8Array(await blob.arrayBuffer()), {
    filter: (file) => file.name === 'xl/worksheets/sheet1.xml',
  });
  const sheetXml = parts['xl/worksheets/sheet1.xml'];
  const rowsInFile = sheetXml ? (strFromU8(sheetXml).match(/<row[ >]/g)?.length ?? 0) - 1 : -1;

  return {
    writer: entry.id,
    rows: rowCount,
    seconds: busy / 1000,
    cpuSeconds: cpu / 1000,
    baselineRssMb: baseline / MB,
    peakRssMb: peakRss / MB,
    peakHeapMb: peakHeap / MB,
    fileMb: blob.size / MB,
    rowsInFile,
  };
}

function runChild(entry: WriterEntry, rowCount: number): Measurement {
  const script = fileURLToPath(import.meta.url);
  const child = spawnSync(process.execPath, [...process.execArgv, script, '--child', entry.id, '--rows', String(rowCount)], {
    encoding: 'utf8',
    maxBuffer: 16 * MB,
  });
  const last = child.stdout.trim().split('\n').pop() ?? '';
  if (child.status !== 0 || !last.startsWith('{')) {
    throw new Error(`${entry.id} failed (exit ${child.status}): ${child.stderr.slice(-2000)}`);
  }
  return JSON.parse(last) as Measurement;
}

function table(results: Measurement[]): string {
  const head = ['writer', 'time (s)', 'CPU (s)', 'peak RSS (MB)', 'peak heap (MB)', 'file (MB)', 'rows in file', 'target'];
  const rows = results.map((result) => {
    const entry = WRITERS.find((candidate) => candidate.id === result.writer);
    const meets = result.seconds < TARGET.seconds && result.peakRssMb < TARGET.megabytes;
    return [
      entry?.label ?? result.writer,
      result.seconds.toFixed(2),
      result.cpuSeconds.toFixed(2),
      result.peakRssMb.toFixed(0),
      result.peakHeapMb.toFixed(0),
      result.fileMb.toFixed(1),
      result.rowsInFile.toLocaleString('en-US'),
      meets ? 'meets' : 'misses',
    ];
  });
  const widths = head.map((title, i) => Math.max(title.length, ...rows.map((row) => (row[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join('  ');
  return [line(head), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n');
}

async function main() {
  const rowCount = Number(option('rows', '100000'));
  const childWriter = option('child', '');
  if (childWriter) {
    const entry = WRITERS.find((candidate) => candidate.id === childWriter);
    if (!entry) throw new Error(`unknown writer ${childWriter}`);
    console.log(JSON.stringify(await measure(entry, rowCount)));
    return;
  }

  const wanted = option('writers', WRITERS.map((entry) => entry.id).join(',')).split(',');
  const entries = WRITERS.filter((entry) => wanted.includes(entry.id));
  console.log(
    `XLSX writers, ${rowCount.toLocaleString('en-US')} rows in pages of ${DEFAULT_EXPORT_PAGE_SIZE.toLocaleString('en-US')}` +
      ` (Node ${process.versions.node}, ${availableParallelism()} CPUs, load average ${loadavg()[0]?.toFixed(1)});` +
      ` target under ${TARGET.seconds} s and ${TARGET.megabytes} MB\n`,
  );
  const results: Measurement[] = [];
  for (const entry of entries) {
    process.stdout.write(`  measuring ${entry.label}...\n`);
    results.push(runChild(entry, rowCount));
  }
  console.log(`\n${table(results)}\n`);
  console.log(
    "time and CPU: the writer's own work (row mapping, XML, compression, zip), wall clock and this process's CPU;" +
      ` peak RSS: the whole Node process, from ~${Math.round(Math.min(...results.map((result) => result.baselineRssMb)))} MB at start.`,
  );

  const kept = results.find(
    (result) =>
      WRITERS.find((entry) => entry.id === result.writer)?.browser &&
      result.rowsInFile === rowCount &&
      result.seconds < TARGET.seconds &&
      result.peakRssMb < TARGET.megabytes,
  );
  console.log(kept ? `Kept for the export worker: ${kept.writer}.` : 'No browser-capable writer meets the target.');
  if (results.some((result) => result.rowsInFile !== rowCount)) process.exitCode = 1;
}

await main();
