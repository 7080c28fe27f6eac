// Makes the OCR fixtures from a text statement: the statement's rows are drawn on an A4 page at
// 200 dpi with @napi-rs/canvas, then
//   scanned.pdf  the page as one JPEG in a PDF, as a flatbed scanner writes it (no text layer);
//   photo.jpg    the page as a phone photo cropped to the sheet: turned 1.5°, blurred,
//                grainy, lit unevenly;
//   statement.truth.json  the rows drawn, which the OCR tests check every amount against.
// Run: node packages/statements/test/ocr/make-scans.ts [--force]
// A fixture already there is kept unless --force is given (as make-fixtures does).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { GlobalFonts, createCanvas, type Canvas } from '@napi-rs/canvas';
import PDFDocument from 'pdfkit';

export const SCANS_DIR = path.join(import.meta.dirname, 'fixtures');

export interface TruthRow {
  date: string; // DD-MM-YYYY
  description: string;
  withdrawal: number; // rupees
  deposit: number;
  balance: number;
}

/** A generated fixture's bytes. */
export const scanBytes = (name: 'scanned.pdf' | 'photo.jpg') =>
  new Uint8Array(readFileSync(path.join(SCANS_DIR, name)));

/** The rows drawn on the generated page. */
export const scanTruth = (): TruthRow[] =>
  (
    JSON.parse(readFileSync(path.join(SCANS_DIR, 'statement.truth.json'), 'utf8')) as {
      transactions: TruthRow[];
    }
  ).transactions;

/** Every amount printed on the generated page, as OCR should read it (digits and the point). */
export const scanAmounts = (): string[] =>
  scanTruth()
    .flatMap((t) => [t.withdrawal, t.deposit, Math.abs(t.balance)])
    .filter((v) => v > 0)
    .map((v) => v.toFixed(2));

const DPI = 200;
const A4 = { width: Math.round(8.27 * DPI), height: Math.round(11.69 * DPI) };
const FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';

/** A month of an ordinary savings account, the same every run (a seeded walk). */
export function statementRows(count = 24): TruthRow[] {
  const payees = ['UPI/ZOMATO', 'NEFT/SALARY ACME LTD', 'ATM WDL MG ROAD', 'UPI/AIRTEL PREPAID', 'IMPS/RENT'];
  let seed = 20260401;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  let balance = 48_215.5;
  const rows: TruthRow[] = [];
  for (let i = 0; i < count; i++) {
    const payee = payees[Math.floor(next() * payees.length)];
    const credit = payee.startsWith('NEFT');
    const amount = Math.round(next() * 900_000) / 100 + 10;
    balance = Math.round((balance + (credit ? amount : -amount)) * 100) / 100;
    const day = String(1 + Math.floor((i * 28) / count)).padStart(2, '0');
    rows.push({
      date: `${day}-04-2026`,
      description: `${payee}/${100000 + Math.floor(next() * 899999)}`,
      withdrawal: credit ? 0 : amount,
      deposit: credit ? amount : 0,
      balance,
    });
  }
  return rows;
}

const money = (v: number) =>
  v === 0 ? '' : v.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** The statement page, black on white, as a bank prints it. */
export function drawStatement(rows: readonly TruthRow[]): Canvas {
  if (existsSync(FONT)) GlobalFonts.registerFromPath(FONT, 'Statement Sans');
  const canvas = createCanvas(A4.width, A4.height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = 'white';
  ctx.fillRect(0, 0, A4.width, A4.height);
  ctx.fillStyle = 'black';
  const pt = DPI / 72;
  const font = (size: number, bold = false) =>
    `${bold ? 'bold ' : ''}${Math.round(size * pt)}px "Statement Sans", sans-serif`;
  ctx.font = font(14, true);
  ctx.fillText('PUNJAB NATIONAL BANK', 40 * pt, 50 * pt);
  ctx.font = font(9);
  ctx.fillText('Account No: 0123456789012345    Statement from 01-04-2026 to 30-04-2026', 40 * pt, 70 * pt);
  const columns = [
    { heading: 'Date', x: 40, right: false },
    { heading: 'Narration', x: 105, right: false },
    { heading: 'Withdrawal', x: 400, right: true },
    { heading: 'Deposit', x: 475, right: true },
    { heading: 'Balance', x: 555, right: true },
  ];
  let y = 100;
  ctx.font = font(9, true);
  for (const c of columns) {
    ctx.textAlign = c.right ? 'right' : 'left';
    ctx.fillText(c.heading, c.x * pt, y * pt);
  }
  ctx.fillRect(40 * pt, (y + 5) * pt, 515 * pt, pt);
  ctx.font = font(9);
  for (const r of rows) {
    y += 18;
    const cells = [r.date, r.description, money(r.withdrawal), money(r.deposit), money(r.balance)];
    cells.forEach((text, i) => {
      ctx.textAlign = columns[i].right ? 'right' : 'left';
      ctx.fillText(text, columns[i].x * pt, y * pt);
    });
  }
  return canvas;
}

/** The page as a phone photo of it: turned, soft, grainy and lit from one side. */
export function photograph(page: Canvas): Canvas {
  const photo = createCanvas(page.width, page.height);
  const ctx = photo.getContext('2d');
  ctx.fillStyle = 'white'; // cropped to the sheet: no desk edge for OCR to take for words
  ctx.fillRect(0, 0, photo.width, photo.height);
  // the whole sheet in the frame, a little smaller than the photo, turned 1.5°
  ctx.translate(photo.width / 2, photo.height / 2);
  ctx.rotate((1.5 * Math.PI) / 180);
  ctx.scale(0.92, 0.92);
  ctx.filter = 'blur(1px)';
  ctx.drawImage(page, -page.width / 2, -page.height / 2);
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.filter = 'none';
  const light = ctx.createLinearGradient(0, 0, photo.width, photo.height);
  light.addColorStop(0, 'rgba(255, 250, 235, 0.10)');
  light.addColorStop(1, 'rgba(40, 30, 10, 0.22)');
  ctx.fillStyle = light;
  ctx.fillRect(0, 0, photo.width, photo.height);
  const image = ctx.getImageData(0, 0, photo.width, photo.height);
  let seed = 7;
  for (let i = 0; i < image.data.length; i += 4) {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    const grain = (seed / 2 ** 31 - 0.5) * 16;
    for (let k = 0; k < 3; k++) image.data[i + k] = Math.max(0, Math.min(255, image.data[i + k] + grain));
  }
  ctx.putImageData(image, 0, 0);
  return photo;
}

/** The page as a scanner's PDF: one JPEG filling an A4 page, no text. */
export function scannedPdf(page: Canvas): Promise<Buffer> {
  const jpeg = page.toBuffer('image/jpeg', 80);
  const doc = new PDFDocument({ size: 'A4', margin: 0, info: { Producer: 'Bahi test scanner' } });
  const parts: Buffer[] = [];
  doc.on('data', (b: Buffer) => parts.push(b));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(parts))));
  doc.image(jpeg, 0, 0, { width: doc.page.width, height: doc.page.height });
  doc.end();
  return done;
}

async function main(force: boolean): Promise<void> {
  mkdirSync(SCANS_DIR, { recursive: true });
  const rows = statementRows();
  const page = drawStatement(rows);
  const files: [string, () => Promise<Buffer> | Buffer][] = [
    ['statement.truth.json', () => Buffer.from(JSON.stringify({ transactions: rows }, null, 2) + '\n')],
    ['scanned.pdf', () => scannedPdf(page)],
    ['photo.jpg', () => photograph(page).toBuffer('image/jpeg', 85)],
  ];
  for (const [name, make] of files) {
    const file = path.join(SCANS_DIR, name);
    if (existsSync(file) && !force) {
      console.log(`kept ${name} (there already; --force to overwrite)`);
      continue;
    }
    writeFileSync(file, await make());
    console.log(`wrote ${name}`);
  }
}

if (import.meta.main) await main(process.argv.includes('--force'));
