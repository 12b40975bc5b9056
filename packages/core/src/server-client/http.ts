import { ownedBytes } from '../encryption/bytes.ts';

/**
 * HTTP conventions of the sync server, as Actual's client applies them:
 * - a fetch that throws (no connection, reset, DNS) is `network-failure`;
 * - any status other than 200 is an error: 500 is `internal`; a JSON body gives its `reason`;
 *   any other body is the reason verbatim (the server answers `file-has-reset` as plain text);
 * - a 200 JSON body must be `{ status: 'ok', data }`; otherwise its `description`/`reason`.
 * Failures are values, never throws.
 */
export interface ServerFailure {
  reason: string;
  /** The HTTP status, when the server answered. */
  status?: number;
  /** Extra detail: the server's `details`, or the body that did not parse. */
  meta?: unknown;
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: ServerFailure };

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });
export const failure = <T = never>(
  reason: string,
  more: Omit<ServerFailure, 'reason'> = {},
): Result<T> => ({
  ok: false,
  error: { reason, ...more },
});

type Fetch = typeof globalThis.fetch;

interface Answer {
  status: number;
  contentType: string;
  bytes: Uint8Array;
}

const decoder = new TextDecoder();

/**
 * One request; the whole body is read inside the try, so a dropped body is a network failure.
 * A request that is safe to repeat is tried once more after a network failure: a long
 * synchronous write (a big import) can leave a pooled keep-alive connection that the server has
 * closed meanwhile, and the first request on it fails without ever reaching the server.
 */
async function send(
  fetch: Fetch,
  url: string,
  init: RequestInit,
  repeatable = false,
): Promise<Result<Answer>> {
  const first = await sendOnce(fetch, url, init);
  if (first.ok || !repeatable || first.error.reason !== 'network-failure') return first;
  return sendOnce(fetch, url, init);
}

async function sendOnce(fetch: Fetch, url: string, init: RequestInit): Promise<Result<Answer>> {
  try {
    const res = await fetch(url, init);
    const bytes = new Uint8Array(await res.arrayBuffer());
    return ok({ status: res.status, contentType: res.headers.get('content-type') ?? '', bytes });
  } catch (err) {
    // Node's fetch hides the socket error in `cause`; keep it for the logs.
    const cause = (err as { cause?: unknown }).cause;
    return failure('network-failure', {
      meta: cause ? `${String(err)}: ${String(cause)}` : String(err),
    });
  }
}

/** The error for a non-200 answer. */
export function statusFailure(answer: Answer): ServerFailure {
  const { status, contentType } = answer;
  if (status === 500) return { reason: 'internal', status };
  const text = decoder.decode(answer.bytes);
  if (contentType.toLowerCase().includes('application/json')) {
    try {
      const body = JSON.parse(text) as { reason?: unknown; details?: unknown };
      if (typeof body.reason === 'string') {
        return { reason: body.reason, status, meta: body.details };
      }
    } catch {
      // fall through to the text
    }
  }
  return { reason: text || `http-${status}`, status };
}

function parseJson(answer: Answer): Result<Record<string, unknown>> {
  const text = decoder.decode(answer.bytes);
  try {
    const body: unknown = JSON.parse(text);
    if (body && typeof body === 'object' && !Array.isArray(body)) {
      return ok(body as Record<string, unknown>);
    }
  } catch {
    // below
  }
  return failure('parse-json', { status: answer.status, meta: text });
}

/** The `{status:'ok'}` envelope check. */
function envelope(body: Record<string, unknown>, status: number): Result<Record<string, unknown>> {
  if (body.status === 'ok') return ok(body);
  const reason =
    (typeof body.description === 'string' && body.description) ||
    (typeof body.reason === 'string' && body.reason) ||
    'unknown';
  return failure(reason, { status, meta: body.details });
}

export interface RequestOptions {
  headers?: Record<string, string>;
  /** Ends the request early (a long poll the user gave up on): a `network-failure` answer. */
  signal?: AbortSignal;
}

/** Requests against one server base URL. */
export class Http {
  constructor(
    private readonly fetch: Fetch,
    readonly baseUrl: string,
  ) {}

  url(path: string): string {
    return `${this.baseUrl}${path}`;
  }

  /** POST JSON; the answer's whole `{status:'ok', ...}` body. */
  async postJson(path: string, body: unknown, options: RequestOptions = {}) {
    return this.json(path, {
      method: 'POST',
      headers: { ...options.headers, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      signal: options.signal,
    });
  }

  /** POST, PATCH or DELETE with a JSON body; the same checks as `postJson`. */
  async sendJson(
    method: 'POST' | 'PATCH' | 'DELETE',
    path: string,
    body: unknown,
    options: RequestOptions = {},
  ) {
    return this.json(path, {
      method,
      headers: { ...options.headers, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  }

  /** GET JSON with the same checks as `postJson`. */
  async getJson(path: string, options: RequestOptions = {}) {
    return this.json(path, { method: 'GET', headers: options.headers });
  }

  /**
   * POST raw bytes; any 200 answer is parsed as JSON (the upload endpoint). Repeated once after
   * a network failure: zipping a large budget blocks for minutes, long enough for the server to
   * close the pooled connection the upload then goes out on (`write EPIPE`, never received). An
   * upload replaces the file with the same bytes, so a repeat is safe; in the rare case that a
   * first upload was stored and only its answer lost, the repeat is refused as `file-has-reset`
   * and nothing is overwritten.
   */
  async postBytesForJson(path: string, body: Uint8Array, headers: Record<string, string>) {
    return this.json(path, { method: 'POST', headers, body: ownedBytes(body) }, true);
  }

  /**
   * GET a JSON body whatever the status (how Actual reads needs-bootstrap and validate: a
   * 401 `{status:'error', reason:'unauthorized'}` is an answer, not a failure).
   */
  async getAnyJson(
    path: string,
    options: RequestOptions = {},
  ): Promise<Result<Record<string, unknown>>> {
    const sent = await send(
      this.fetch,
      this.url(path),
      { method: 'GET', headers: options.headers },
      true,
    );
    if (!sent.ok) return sent;
    if (sent.value.status === 500) return failure('internal', { status: 500 });
    const parsed = parseJson(sent.value);
    if (parsed.ok) return parsed;
    return failure('parse-failure', { status: parsed.error.status, meta: parsed.error.meta });
  }

  /**
   * GET any JSON value on a 200 (the `/admin` lists and flags are answered bare, not in a
   * `{status, data}` envelope); any other status is a failure as usual.
   */
  async getAnyJsonValue(path: string, options: RequestOptions = {}): Promise<Result<unknown>> {
    const sent = await send(
      this.fetch,
      this.url(path),
      { method: 'GET', headers: options.headers },
      true,
    );
    if (!sent.ok) return sent;
    if (sent.value.status !== 200) return { ok: false, error: statusFailure(sent.value) };
    const text = decoder.decode(sent.value.bytes);
    try {
      return ok(JSON.parse(text) as unknown);
    } catch {
      return failure('parse-json', { status: 200, meta: text });
    }
  }

  /** Binary in and out: the sync endpoint and downloads, both safe to repeat. */
  async bytes(path: string, init: RequestInit): Promise<Result<Uint8Array>> {
    const sent = await send(this.fetch, this.url(path), init, true);
    if (!sent.ok) return sent;
    if (sent.value.status !== 200) return { ok: false, error: statusFailure(sent.value) };
    return ok(sent.value.bytes);
  }

  private async json(
    path: string,
    init: RequestInit,
    repeatable = init.method === 'GET',
  ): Promise<Result<Record<string, unknown>>> {
    const sent = await send(this.fetch, this.url(path), init, repeatable);
    if (!sent.ok) return sent;
    if (sent.value.status !== 200) return { ok: false, error: statusFailure(sent.value) };
    const parsed = parseJson(sent.value);
    if (!parsed.ok) return parsed;
    return envelope(parsed.value, sent.value.status);
  }
}
