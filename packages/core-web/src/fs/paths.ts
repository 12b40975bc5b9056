/** POSIX-style join and normalise ('/'-separated, '.' and '..' resolved, no trailing '/'). */
export function joinPath(...parts: string[]): string {
  const joined = parts.filter((part) => part !== '').join('/');
  const absolute = joined.startsWith('/');
  const out: string[] = [];
  for (const segment of joined.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (out.length > 0 && out[out.length - 1] !== '..') out.pop();
      else if (!absolute) out.push('..');
      continue;
    }
    out.push(segment);
  }
  const body = out.join('/');
  if (absolute) return `/${body}`;
  return body === '' ? '.' : body;
}

/** The folder part of a path ('/' for a top-level entry). */
export function parentPath(path: string): string {
  const normal = joinPath(path);
  const at = normal.lastIndexOf('/');
  return at <= 0 ? '/' : normal.slice(0, at);
}

export function baseName(path: string): string {
  const normal = joinPath(path);
  return normal.slice(normal.lastIndexOf('/') + 1);
}

/** A Node-like "no such file" error, so callers can tell it from other failures. */
export function notFound(path: string): Error {
  return Object.assign(new Error(`ENOENT: no such file or directory, '${path}'`), {
    code: 'ENOENT',
  });
}

export const toBytes = (data: Uint8Array | string): Uint8Array =>
  typeof data === 'string' ? new TextEncoder().encode(data) : data;
