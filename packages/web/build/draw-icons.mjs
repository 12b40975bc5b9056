// Draws the app's PNG icons (the favicon's coffer: a lid over a box with a keyhole) into
// packages/web/public/icons/. Run it after changing the drawing: `node packages/web/build/draw-icons.mjs`.
// No image library: shapes are filled per pixel with 4×4 supersampling and written with zlib.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';

const OUT = join(import.meta.dirname, '..', 'public', 'icons');
const TEAL = [0x1f, 0x3a, 0x3d];
const GOLD = [0xf2, 0xb8, 0x4b];
const PALE = [0xe8, 0xef, 0xe9];

/** Inside a rounded rectangle (all in the favicon's 32-unit space). */
function inRoundRect(x, y, left, top, w, h, r) {
  if (x < left || y < top || x > left + w || y > top + h) return false;
  const cx = Math.min(Math.max(x, left + r), left + w - r);
  const cy = Math.min(Math.max(y, top + r), top + h - r);
  return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
}

/** The lid: a trapezoid from (9,8)-(23,8) down to (7,12)-(25,12). */
function inLid(x, y) {
  if (y < 8 || y > 12) return false;
  const t = (y - 8) / 4;
  return x >= 9 - 2 * t && x <= 23 + 2 * t;
}

/**
 * The colour at a point of the 32-unit drawing, or null for transparent. `full` fills the whole
 * square (maskable: the platform cuts its own shape, so the art keeps to the middle 80%).
 */
function colourAt(x, y, full) {
  if (inRoundRect(x, y, 14, 16, 4, 5, 1)) return TEAL;
  if (inRoundRect(x, y, 7, 12, 18, 14, 2) && y >= 12) return GOLD;
  if (inLid(x, y)) return PALE;
  if (full || inRoundRect(x, y, 0, 0, 32, 32, 7)) return TEAL;
  return null;
}

function draw(size, { maskable }) {
  const rgba = Buffer.alloc(size * size * 4);
  const S = 4;
  // A maskable icon's safe zone is a circle of 80% of the size: the drawing shrinks into it.
  const scale = maskable ? 0.85 : 1;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let r = 0,
        g = 0,
        b = 0,
        a = 0;
      for (let sy = 0; sy < S; sy++) {
        for (let sx = 0; sx < S; sx++) {
          const u = ((px + (sx + 0.5) / S) / size) * 32;
          const v = ((py + (sy + 0.5) / S) / size) * 32;
          const x = 16 + (u - 16) / scale;
          const y = 16 + (v - 16) / scale;
          const inside = x >= 0 && y >= 0 && x <= 32 && y <= 32;
          const c = inside ? colourAt(x, y, maskable) : maskable ? TEAL : null;
          if (!c) continue;
          r += c[0];
          g += c[1];
          b += c[2];
          a += 1;
        }
      }
      const i = (py * size + px) * 4;
      if (a > 0) {
        rgba[i] = Math.round(r / a);
        rgba[i + 1] = Math.round(g / a);
        rgba[i + 2] = Math.round(b / a);
      }
      rgba[i + 3] = Math.round((a / (S * S)) * 255);
    }
  }
  return png(size, rgba);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes) {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}
function png(size, rgba) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++)
    rgba.copy(rows, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

mkdirSync(OUT, { recursive: true });
for (const [name, size, maskable] of [
  ['icon-192.png', 192, false],
  ['icon-512.png', 512, false],
  ['icon-maskable-512.png', 512, true],
  ['apple-touch-icon.png', 180, true],
]) {
  writeFileSync(join(OUT, name), draw(size, { maskable }));
}
