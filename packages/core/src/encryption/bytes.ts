/**
 * Web Crypto and fetch bodies take `Uint8Array<ArrayBuffer>` under the DOM lib (TS 5.7+), while
 * bytes elsewhere are typed `Uint8Array<ArrayBufferLike>` because they could sit on a
 * SharedArrayBuffer. Bytes on a plain ArrayBuffer pass through untouched (no copy on the hot
 * paths); shared ones are copied, which those APIs would reject anyway.
 */
export function ownedBytes(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  if (bytes.buffer instanceof ArrayBuffer) return bytes as Uint8Array<ArrayBuffer>;
  return new Uint8Array(bytes);
}
