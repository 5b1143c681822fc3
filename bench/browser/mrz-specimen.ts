/**
 * Generated specimen travel documents for the scan bench (and the e2e fixture): a passport data
 * page (TD3) or an ID card (TD1) with random names, numbers and dates whose check digits are
 * right, drawn on a canvas with its machine-readable zone in an OCR-B font, then photographed
 * badly: on a table, rotated up to 5 degrees, blurred, noisy, saved as JPEG quality 60.
 */
import { type MrzFormat, mrzCheckDigit } from '../../packages/shared/src/domain/mrz.ts';

/** A small seeded generator (mulberry32), so every run draws the same documents. */
export function seeded(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (from: number, to: number) => from + Math.floor(next() * (to - from + 1)),
    pick: <T>(items: readonly T[]): T => {
      const item = items[Math.floor(next() * items.length)];
      if (item === undefined) throw new Error('pick from an empty list');
      return item;
    },
  };
}
type Random = ReturnType<typeof seeded>;

const STATES = ['VNM', 'JPN', 'USA', 'GBR', 'D<<', 'FRA', 'KOR', 'CHN', 'AUS', 'UTO', 'THA', 'SGP'];
const SYLLABLES = [
  'NGU',
  'YEN',
  'TRAN',
  'LE',
  'PHAM',
  'HO',
  'ANG',
  'MI',
  'SAT',
  'O',
  'KAWA',
  'SMI',
  'TH',
  'JOHN',
  'SON',
  'MAR',
  'IA',
  'ERIK',
  'BELL',
  'KIM',
  'LI',
  'WANG',
  'DU',
  'BOIS',
  'GAR',
  'CIA',
  'HA',
  'NA',
  'YU',
  'KI',
];
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const DIGITS = '0123456789';

const word = (r: Random) => Array.from({ length: r.int(1, 3) }, () => r.pick(SYLLABLES)).join('');
const chars = (r: Random, from: string, n: number) =>
  Array.from({ length: n }, () => r.pick([...from])).join('');
const pad = (text: string, n: number) => text.slice(0, n).padEnd(n, '<');
const yymmdd = (r: Random, fromYear: number, toYear: number) => {
  const year = r.int(fromYear, toYear) % 100;
  return `${String(year).padStart(2, '0')}${String(r.int(1, 12)).padStart(2, '0')}${String(r.int(1, 28)).padStart(2, '0')}`;
};
const digit = (data: string) => String(mrzCheckDigit(data));

export interface Specimen {
  format: MrzFormat;
  lines: string[];
}

/** A document number of 9: letters then digits, sometimes shorter and filled with '<'. */
function documentNumber(r: Random) {
  const letters = r.int(0, 2);
  return pad(chars(r, LETTERS, letters) + chars(r, DIGITS, r.int(7, 9 - letters)), 9);
}

function nameField(r: Random, length: number) {
  const given = Array.from({ length: r.int(1, 3) }, () => word(r)).join('<');
  return pad(`${word(r)}<<${given}`, length);
}

export function specimen(r: Random, format: MrzFormat): Specimen {
  const number = documentNumber(r);
  const state = r.pick(STATES);
  const nationality = r.next() < 0.8 ? state : r.pick(STATES);
  const birth = yymmdd(r, 1940, 2015);
  const sex = r.pick(['M', 'F', 'M', 'F', '<']);
  const expiry = yymmdd(r, 2027, 2036);
  if (format === 'TD3') {
    const personal = r.next() < 0.5 ? '<'.repeat(14) : pad(chars(r, DIGITS + LETTERS, r.int(6, 14)), 14);
    const personalDigit = personal === '<'.repeat(14) && r.next() < 0.5 ? '<' : digit(personal);
    const line2 = `${number}${digit(number)}${nationality}${birth}${digit(birth)}${sex}${expiry}${digit(expiry)}${personal}${personalDigit}`;
    const composite = line2.slice(0, 10) + line2.slice(13, 20) + line2.slice(21, 43);
    return { format, lines: [`P<${state}${nameField(r, 39)}`, `${line2}${digit(composite)}`] };
  }
  const optional1 = r.next() < 0.5 ? '<'.repeat(15) : pad(chars(r, DIGITS, r.int(3, 12)), 15);
  const optional2 = r.next() < 0.7 ? '<'.repeat(11) : pad(chars(r, DIGITS, r.int(3, 11)), 11);
  const line1 = `I<${state}${number}${digit(number)}${optional1}`;
  const line2 = `${birth}${digit(birth)}${sex}${expiry}${digit(expiry)}${nationality}${optional2}`;
  const composite = line1.slice(5, 30) + line2.slice(0, 7) + line2.slice(8, 15) + line2.slice(18, 29);
  return { format, lines: [line1, `${line2}${digit(composite)}`, nameField(r, 30)] };
}

/** The document drawn at `width` pixels: tinted paper, a pattern, a photo, labels, the zone. */
function drawDocument(doc: Specimen, r: Random, font: string, width: number): HTMLCanvasElement {
  const mm = width / (doc.format === 'TD3' ? 125 : 85.6);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = Math.round((doc.format === 'TD3' ? 88 : 54) * mm);
  const c = context2d(canvas);
  c.fillStyle = `hsl(${r.int(0, 360)} 35% 90%)`;
  c.fillRect(0, 0, canvas.width, canvas.height);
  c.strokeStyle = `hsl(${r.int(0, 360)} 30% 75%)`;
  c.lineWidth = 1;
  for (let k = 0; k < 24; k++) {
    c.beginPath();
    for (let x = 0; x <= canvas.width; x += 8)
      c.lineTo(x, (k + 0.5) * (canvas.height / 24) + 6 * Math.sin(x / 30 + k));
    c.stroke();
  }
  // A passport's photo; an ID card's zone is on its back, where there is none.
  c.fillStyle = '#8a8f98';
  if (doc.format === 'TD3') c.fillRect(6 * mm, 12 * mm, 28 * mm, 36 * mm);
  c.fillStyle = '#223';
  c.font = `bold ${3.2 * mm}px sans-serif`;
  c.fillText(doc.format === 'TD3' ? 'PASSPORT  PASSEPORT  HỘ CHIẾU' : 'IDENTITY CARD', 6 * mm, 7 * mm);
  c.font = `${2.2 * mm}px sans-serif`;
  const [surname = '', given = ''] = (doc.lines[doc.format === 'TD3' ? 0 : 2] ?? '')
    .replace(/^P<.../, '')
    .split('<<');
  const labels = [
    ['Surname', surname],
    ['Given names', given.replace(/</g, ' ')],
    ['Nationality', doc.lines[1]?.slice(10, 13) ?? ''],
  ];
  const [left, top, step] = doc.format === 'TD3' ? [38, 14, 7] : [6, 12, 5];
  labels.forEach(([label, value], i) => {
    c.fillText(label ?? '', left * mm, (top + i * step) * mm);
    c.fillText(
      value ?? '',
      (left + (doc.format === 'TD3' ? 0 : 25)) * mm,
      (top + (doc.format === 'TD3' ? 3 : 0) + i * step) * mm,
    );
  });
  // The zone: 2.54 mm a character (10 to the inch), lines 4.2 mm apart, from the bottom.
  c.fillStyle = '#000';
  c.font = `${10 * mm}px ${font}`;
  const per = c.measureText('<'.repeat(10)).width / 10;
  c.font = `${(10 * mm * 2.54 * mm) / per}px ${font}`;
  const lineGap = 4.3 * mm;
  const bottom = canvas.height - (doc.format === 'TD3' ? 4 : 3) * mm;
  doc.lines.forEach((line, i) => {
    const y = bottom - (doc.lines.length - 1 - i) * lineGap;
    [...line].forEach((ch, k) => {
      c.fillText(ch, (doc.format === 'TD3' ? 6 : 4.5) * mm + k * 2.54 * mm, y);
    });
  });
  return canvas;
}

/** The document photographed: on a table, rotated, blurred, noisy, JPEG quality 60. */
export async function photograph(doc: Specimen, r: Random, font: string): Promise<Blob> {
  const page = drawDocument(doc, r, font, r.int(1100, 1400));
  const margin = Math.round(page.width * 0.12);
  const canvas = document.createElement('canvas');
  canvas.width = page.width + 2 * margin;
  canvas.height = page.height + 2 * margin;
  const c = context2d(canvas);
  c.fillStyle = `hsl(${r.int(0, 360)} 15% ${r.int(25, 45)}%)`;
  c.fillRect(0, 0, canvas.width, canvas.height);
  c.translate(canvas.width / 2, canvas.height / 2);
  c.rotate(((r.next() * 2 - 1) * 5 * Math.PI) / 180);
  c.filter = `blur(${(0.6 + r.next() * 0.8).toFixed(2)}px)`;
  c.drawImage(page, -page.width / 2, -page.height / 2);
  c.setTransform(1, 0, 0, 1, 0, 0);
  c.filter = 'none';
  const pixels = c.getImageData(0, 0, canvas.width, canvas.height);
  const sigma = 8 + r.next() * 8;
  for (let i = 0; i < pixels.data.length; i += 4) {
    // Roughly normal noise (sum of three uniforms), the same on the three channels.
    const n = (r.next() + r.next() + r.next() - 1.5) * 2 * sigma;
    for (let ch = 0; ch < 3; ch++) pixels.data[i + ch] = (pixels.data[i + ch] ?? 0) + n;
  }
  c.putImageData(pixels, 0, 0);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('no JPEG'))), 'image/jpeg', 0.6),
  );
}

/** The canvas's 2D context (every browser the bench runs in has one). */
function context2d(canvas: HTMLCanvasElement) {
  const c = canvas.getContext('2d');
  if (!c) throw new Error('no 2D context');
  return c;
}
