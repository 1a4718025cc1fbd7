import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { crc32, deflateSync } from 'node:zlib';

/**
 * Draws the Teams icons: color.png (192x192, the loop mark in white on the brand colour) and
 * outline.png (32x32, the same mark in white on transparent, edge to edge as Teams asks).
 * The PNGs are committed; run `npx tsx appPackage/icons.ts` after changing the drawing.
 */

export const BRAND_COLOR = '#3B5BDB';

type Rgba = [number, number, number, number];

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** An RGBA PNG (colour type 6, 8 bits, no interlace) of `size` x `size` pixels. */
export function encodePng(size: number, pixel: (x: number, y: number) => Rgba): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const rows = Buffer.alloc(size * (1 + size * 4));
  for (let y = 0; y < size; y += 1) {
    const row = y * (1 + size * 4);
    rows[row] = 0; // filter: none
    for (let x = 0; x < size; x += 1) rows.set(pixel(x, y), row + 1 + x * 4);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * The mark in unit coordinates (0..1): a ring with three people on it, a team in a loop.
 * `ring` is the ring's radius, `node` each person's radius; the ring sits a quarter radius
 * low so that the mark as a whole is centred.
 */
function insideMark(u: number, v: number, ring: number, stroke: number, node: number): boolean {
  const cy = 0.5 + ring / 4;
  const distance = Math.hypot(u - 0.5, v - cy);
  if (Math.abs(distance - ring) <= stroke / 2) return true;
  for (const degrees of [-90, 30, 150]) {
    const angle = (degrees * Math.PI) / 180;
    const nx = 0.5 + ring * Math.cos(angle);
    const ny = cy + ring * Math.sin(angle);
    if (Math.hypot(u - nx, v - ny) <= node) return true;
  }
  return false;
}

/** Share of the pixel covered by the mark, from a 4x4 grid of samples (anti-aliasing). */
function coverage(x: number, y: number, size: number, shape: (u: number, v: number) => boolean) {
  let hits = 0;
  for (let i = 0; i < 4; i += 1) {
    for (let j = 0; j < 4; j += 1) {
      if (shape((x + (i + 0.5) / 4) / size, (y + (j + 0.5) / 4) / size)) hits += 1;
    }
  }
  return hits / 16;
}

function hex(color: string): [number, number, number] {
  const value = Number.parseInt(color.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

export function colorIcon(): Buffer {
  const size = 192;
  const [r, g, b] = hex(BRAND_COLOR);
  // The mark stays inside the central 120x120 area Teams keeps clear of its own chrome.
  const mark = (u: number, v: number) => insideMark(u, v, 0.2, 0.055, 0.085);
  return encodePng(size, (x, y) => {
    const c = coverage(x, y, size, mark);
    const mix = (base: number) => Math.round(base + (255 - base) * c);
    return [mix(r), mix(g), mix(b), 255];
  });
}

export function outlineIcon(): Buffer {
  const size = 32;
  const mark = (u: number, v: number) => insideMark(u, v, 0.37, 0.1, 0.155);
  return encodePng(size, (x, y) => [255, 255, 255, Math.round(255 * coverage(x, y, size, mark))]);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));
  writeFileSync(here('./color.png'), colorIcon());
  writeFileSync(here('./outline.png'), outlineIcon());
  console.log('Wrote appPackage/color.png and appPackage/outline.png');
}
