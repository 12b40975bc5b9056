import { ownedBytes } from '../encryption/bytes.ts';

/** A zip entry to write: its name and its whole content. */
export interface ZipInput {
  name: string;
  data: Uint8Array;
}

/** Pieces of the input handed to the compressor at a time, so it never copies the whole file. */
const PIECE_BYTES = 4 * 1024 * 1024;
/** Zip's 32-bit sizes and offsets: a larger archive needs zip64, which this writer leaves out. */
const ZIP32_LIMIT = 0xffffffff;

const CRC_TABLE = (() => {
  const table = new Int32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c;
  }
  return table;
})();

/** CRC-32 (zip's, IEEE 802.3) of `data`. */
export function crc32(data: Uint8Array): number {
  let c = -1;
  for (let i = 0; i < data.length; i++) c = CRC_TABLE[(c ^ data[i]!) & 0xff]! ^ (c >>> 8);
  return (c ^ -1) >>> 0;
}

/** `data` deflated (raw) by the platform's zlib, fed a piece at a time. */
async function deflateRaw(data: Uint8Array): Promise<Uint8Array[]> {
  const stream = new CompressionStream('deflate-raw');
  const writer = stream.writable.getWriter();
  const chunks: Uint8Array[] = [];
  const reading = (async () => {
    const reader = stream.readable.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      chunks.push(value);
    }
  })();
  for (let at = 0; at < data.length; at += PIECE_BYTES) {
    await writer.write(ownedBytes(data.subarray(at, at + PIECE_BYTES)));
  }
  await writer.close();
  await reading;
  return chunks;
}

function header(size: number, fill: (view: DataView) => void): Uint8Array {
  const bytes = new Uint8Array(size);
  fill(new DataView(bytes.buffer));
  return bytes;
}

/**
 * A zip of `entries`, each deflated by the platform's own zlib (`CompressionStream`, native in
 * browsers and Node) instead of in JavaScript: for a large budget that was most of an upload's
 * time and a second copy of the database in memory. Plain zip (no zip64, no data descriptors,
 * UTF-8 names), as Actual and `readBudgetZip` read it. Null when the platform has no
 * `CompressionStream` or the archive would need zip64: the caller then zips another way.
 */
export async function deflateZip(entries: readonly ZipInput[]): Promise<Uint8Array | null> {
  if (typeof CompressionStream !== 'function') return null;
  const names = new TextEncoder();
  const parts: Uint8Array[] = [];
  const central: Uint8Array[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = names.encode(entry.name);
    const deflated = await deflateRaw(entry.data);
    const size = deflated.reduce((n, c) => n + c.length, 0);
    const crc = crc32(entry.data);
    if (entry.data.length > ZIP32_LIMIT || offset + size + 30 + name.length > ZIP32_LIMIT) {
      return null;
    }
    // Version 2.0, UTF-8 names (bit 11), deflate, 1980-01-01 00:00 (the time says nothing here).
    const common = (v: DataView, at: number) => {
      v.setUint16(at, 20, true);
      v.setUint16(at + 2, 0x0800, true);
      v.setUint16(at + 4, 8, true);
      v.setUint16(at + 6, 0, true);
      v.setUint16(at + 8, 0x21, true);
      v.setUint32(at + 10, crc, true);
      v.setUint32(at + 14, size, true);
      v.setUint32(at + 18, entry.data.length, true);
      v.setUint16(at + 22, name.length, true);
    };
    const local = header(30 + name.length, (v) => {
      v.setUint32(0, 0x04034b50, true);
      common(v, 4);
    });
    local.set(name, 30);
    central.push(
      header(46 + name.length, (v) => {
        v.setUint32(0, 0x02014b50, true);
        v.setUint16(4, 20, true);
        common(v, 6);
        v.setUint32(42, offset, true);
      }),
    );
    central[central.length - 1]!.set(name, 46);
    parts.push(local, ...deflated);
    offset += local.length + size;
  }
  const directorySize = central.reduce((n, c) => n + c.length, 0);
  const end = header(22, (v) => {
    v.setUint32(0, 0x06054b50, true);
    v.setUint16(8, entries.length, true);
    v.setUint16(10, entries.length, true);
    v.setUint32(12, directorySize, true);
    v.setUint32(16, offset, true);
  });
  const out = new Uint8Array(offset + directorySize + end.length);
  let at = 0;
  for (const part of [...parts, ...central, end]) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
