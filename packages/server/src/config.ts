import { existsSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import packageJson from '../package.json' with { type: 'json' };
import { openIdFromEnv } from './openid/configured.ts';

export const SERVER_VERSION: string = packageJson.version;

export interface UploadLimits {
  /** JSON request bodies. */
  jsonMB: number;
  /** `application/actual-sync` bodies (one sync round). */
  syncMB: number;
  /**
   * `application/encrypted-file` bodies (a budget upload). The body streams to disk, so this
   * bounds disk use, not memory: the database of a budget of 1,000,000 transactions is 466 MB
   * before any sync history (bench/scale), far past the 50 MB Actual's users hit.
   */
  fileMB: number;
}

/** The default upload limits, in MB. */
export const DEFAULT_LIMITS: UploadLimits = { jsonMB: 20, syncMB: 20, fileMB: 2048 };

export interface ServerConfig {
  port: number;
  hostname: string;
  dataDir: string;
  serverFilesDir: string;
  userFilesDir: string;
  /**
   * A PostgreSQL connection URL: the server's state goes there instead of the data directory,
   * and several server processes may share it.
   */
  databaseUrl: string | null;
  webRoot: string;
  /**
   * Sync servers at other origins the web app served here may connect to (its CSP allows this
   * origin's server only otherwise), e.g. `https://budget.example.com`.
   */
  connectOrigins: string[];
  https: { key: string; cert: string } | null;
  limits: UploadLimits;
  /** Sign-in attempts (login, bootstrap, change-password) allowed per client IP per window. */
  loginRateLimit: { max: number; windowMs: number };
  gocardlessBaseUrl: string;
  /** Enable Banking's API; tests point it at a local fake. */
  enableBankingBaseUrl: string;
  /** How long a bank-data provider may take to answer before it counts as down. */
  bankTimeoutMs: number;
  /**
   * Scheduled bank sync (`bank-schedule/`), off unless configured; an admin's setting made in
   * the app overrides it.
   */
  bankSchedule: { enabled: boolean; intervalMinutes: number };
  /**
   * An OpenID provider set up by the host (Actual's `ACTUAL_OPENID_*`, or `openId` in the config
   * file), in `/openid/enable`'s shape: turned on at each start. Null: set up in the app, or not.
   */
  openId: Record<string, unknown> | null;
  /** Actual's `ACTUAL_OPENID_ENFORCE`: with OpenID on, the sign-in page offers it alone. */
  enforceOpenId: boolean;
  mode: 'development' | 'test';
  /** scrypt cost parameter N (a power of two). Tests lower it; production keeps the default. */
  scryptCost: number;
  /**
   * Messages per page of a sync answer: a larger answer (a `since` far back) is read and sent a
   * page at a time instead of built whole in memory. Tests lower it.
   */
  syncPageMessages: number;
  /** Where request log lines go. */
  log: (line: string) => void;
}

export type ConfigInput = Partial<Omit<ServerConfig, 'limits' | 'loginRateLimit'>> & {
  limits?: Partial<UploadLimits>;
  loginRateLimit?: Partial<ServerConfig['loginRateLimit']>;
};

export const DEFAULT_GOCARDLESS_URL = 'https://bankaccountdata.gocardless.com/api/v2';
export const DEFAULT_ENABLEBANKING_URL = 'https://api.enablebanking.com';
export const DEFAULT_SCRYPT_COST = 1 << 15;
/** ~1 MB of answer per page at a typical message's ~130 bytes. */
export const DEFAULT_SYNC_PAGE_MESSAGES = 8000;

/** Both `src/` and the bundled `dist/main.js` sit two levels under `packages/`. */
function defaultWebRoot(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  return resolve(here, '../../web/dist');
}

/** Fills in every default; relative directories are resolved against `cwd`. */
export function resolveConfig(input: ConfigInput = {}, cwd = process.cwd()): ServerConfig {
  const abs = (p: string) => (isAbsolute(p) ? p : resolve(cwd, p));
  const dataDir = abs(input.dataDir ?? 'data');
  return {
    port: input.port ?? 5006,
    hostname: input.hostname ?? '127.0.0.1',
    dataDir,
    serverFilesDir: abs(input.serverFilesDir ?? join(dataDir, 'server-files')),
    userFilesDir: abs(input.userFilesDir ?? join(dataDir, 'user-files')),
    databaseUrl: input.databaseUrl ?? null,
    webRoot: abs(input.webRoot ?? defaultWebRoot()),
    connectOrigins: input.connectOrigins ?? [],
    https: input.https ?? null,
    limits: { ...DEFAULT_LIMITS, ...input.limits },
    loginRateLimit: { max: 20, windowMs: 60_000, ...input.loginRateLimit },
    gocardlessBaseUrl: input.gocardlessBaseUrl ?? DEFAULT_GOCARDLESS_URL,
    enableBankingBaseUrl: input.enableBankingBaseUrl ?? DEFAULT_ENABLEBANKING_URL,
    bankTimeoutMs: input.bankTimeoutMs ?? 60_000,
    bankSchedule: input.bankSchedule ?? { enabled: false, intervalMinutes: 240 },
    openId: input.openId ?? null,
    enforceOpenId: input.enforceOpenId ?? false,
    mode: input.mode ?? 'development',
    scryptCost: input.scryptCost ?? DEFAULT_SCRYPT_COST,
    syncPageMessages: input.syncPageMessages ?? DEFAULT_SYNC_PAGE_MESSAGES,
    log: input.log ?? ((line) => process.stdout.write(line + '\n')),
  };
}

export type Command =
  | { kind: 'serve'; config: ServerConfig }
  | { kind: 'reset-password'; config: ServerConfig; password: string | null }
  | { kind: 'help' }
  | { kind: 'version' };

export class ConfigError extends Error {}

/** The JSON config file accepts the same keys as `ConfigInput`, plus `https.{key,cert}` as paths or PEM text. */
interface FileConfig {
  port?: number;
  hostname?: string;
  dataDir?: string;
  serverFiles?: string;
  userFiles?: string;
  databaseUrl?: string;
  webRoot?: string;
  connectOrigins?: string[];
  https?: { key?: string; cert?: string };
  upload?: Partial<UploadLimits>;
  gocardlessBaseUrl?: string;
  enableBankingBaseUrl?: string;
  /** Minutes between scheduled bank syncs; set, it turns them on. */
  bankSyncMinutes?: number;
  /** The OpenID provider, as `/openid/enable` takes it (Actual's config file key). */
  openId?: Record<string, unknown>;
  enforceOpenId?: boolean;
}

function readJsonFile(path: string): FileConfig {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as FileConfig;
  } catch (e) {
    throw new ConfigError(`Cannot read config file ${path}: ${(e as Error).message}`);
  }
}

/** A PEM value is used as is; anything else is a path to read. */
function pem(value: string, cwd: string): string {
  if (value.startsWith('-----BEGIN')) return value;
  try {
    return readFileSync(resolve(cwd, value), 'utf8');
  } catch (e) {
    throw new ConfigError(`Cannot read ${value}: ${(e as Error).message}`);
  }
}

/** A yes/no setting from the environment, written as Actual's config reads it. */
function parseFlag(value: string | undefined, name: string): boolean | undefined {
  if (value === undefined || value === '') return undefined;
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  throw new ConfigError(`Invalid ${name} in the environment (true or false): ${value}`);
}

function parseMinutes(value: string | number | undefined, source: string) {
  if (value === undefined || value === '') return undefined;
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isInteger(n) || n < 60 || n > 10_080) {
    throw new ConfigError(`Invalid bank sync minutes in ${source} (60 to 10080): ${String(value)}`);
  }
  return { enabled: true, intervalMinutes: n };
}

function parsePort(value: string | number | undefined, source: string): number | undefined {
  if (value === undefined || value === '') return undefined;
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) {
    throw new ConfigError(`Invalid port in ${source}: ${String(value)}`);
  }
  return n;
}

/**
 * The upload limits from the environment, each over the config file's: Coffer's names, then
 * the names Actual's server reads (`ACTUAL_UPLOAD_*_LIMIT_MB`), so a host moving from Actual
 * keeps its setting.
 */
function parseLimits(
  env: Record<string, string | undefined>,
  file: Partial<UploadLimits> | undefined,
): Partial<UploadLimits> {
  const names: Record<keyof UploadLimits, [string, string]> = {
    fileMB: ['COFFER_UPLOAD_FILE_MB', 'ACTUAL_UPLOAD_SYNC_ENCRYPTED_FILE_SYNC_SIZE_LIMIT_MB'],
    syncMB: ['COFFER_UPLOAD_SYNC_MB', 'ACTUAL_UPLOAD_FILE_SYNC_SIZE_LIMIT_MB'],
    jsonMB: ['COFFER_UPLOAD_JSON_MB', 'ACTUAL_UPLOAD_FILE_SIZE_LIMIT_MB'],
  };
  const out: Partial<UploadLimits> = {};
  for (const key of Object.keys(names) as Array<keyof UploadLimits>) {
    const [ours, actuals] = names[key];
    const [source, value] =
      env[ours] !== undefined && env[ours] !== ''
        ? [ours, env[ours]]
        : env[actuals] !== undefined && env[actuals] !== ''
          ? [actuals, env[actuals]]
          : [`upload.${key} in the config file`, file?.[key]];
    if (value === undefined) continue;
    const n = typeof value === 'number' ? value : Number(value);
    if (!Number.isFinite(n) || n <= 0) {
      throw new ConfigError(
        `Invalid upload limit in ${source} (MB, more than 0): ${String(value)}`,
      );
    }
    out[key] = n;
  }
  return out;
}

/**
 * Each value must be an http(s) origin (scheme, host and port only): it goes into the web app's
 * Content-Security-Policy, where a path or a wildcard would allow more than the one server.
 */
function parseOrigins(values: readonly string[] | undefined): string[] | undefined {
  if (values === undefined) return undefined;
  return values
    .map((v) => v.trim())
    .filter((v) => v !== '')
    .map((value) => {
      let url: URL | null = null;
      try {
        url = new URL(value);
      } catch {
        // Reported below with the value.
      }
      const origin = url && /^https?:$/.test(url.protocol) ? url.origin : null;
      if (!origin || origin.includes('*') || origin !== value.replace(/\/+$/, '')) {
        throw new ConfigError(`Invalid connect origin (want e.g. https://host:port): ${value}`);
      }
      return origin;
    });
}

/**
 * Reads flags, then the environment (COFFER_*, with Actual's ACTUAL_* names as a fallback), then
 * the config file; the first source that sets a value wins.
 */
export function loadCommand(
  argv: string[],
  env: Record<string, string | undefined> = process.env,
  cwd = process.cwd(),
): Command {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      help: { type: 'boolean', short: 'h' },
      version: { type: 'boolean', short: 'v' },
      config: { type: 'string' },
      port: { type: 'string' },
      hostname: { type: 'string' },
      'data-dir': { type: 'string' },
      'database-url': { type: 'string' },
      'web-root': { type: 'string' },
      'connect-origin': { type: 'string', multiple: true },
      'https-key': { type: 'string' },
      'https-cert': { type: 'string' },
      password: { type: 'string' },
    },
  });
  if (values.help) return { kind: 'help' };
  if (values.version) return { kind: 'version' };
  const command = positionals[0] ?? 'serve';
  if (command !== 'serve' && command !== 'reset-password') {
    throw new ConfigError(`Unknown command: ${command}`);
  }

  const e = (name: string) => env[`COFFER_${name}`] || env[`ACTUAL_${name}`] || undefined;
  const dataDirHint = values['data-dir'] ?? e('DATA_DIR');
  const configPath =
    values.config ??
    env.COFFER_CONFIG ??
    (dataDirHint && existsSync(join(resolve(cwd, dataDirHint), 'config.json'))
      ? join(resolve(cwd, dataDirHint), 'config.json')
      : undefined);
  const file: FileConfig = configPath ? readJsonFile(resolve(cwd, configPath)) : {};
  const fileDir = configPath ? dirname(resolve(cwd, configPath)) : cwd;
  const fromFile = (p: string | undefined) => (p === undefined ? undefined : resolve(fileDir, p));

  const httpsKey = values['https-key'] ?? e('HTTPS_KEY') ?? file.https?.key;
  const httpsCert = values['https-cert'] ?? e('HTTPS_CERT') ?? file.https?.cert;
  if (Boolean(httpsKey) !== Boolean(httpsCert)) {
    throw new ConfigError('HTTPS needs both a key and a certificate');
  }

  const config = resolveConfig(
    {
      port:
        parsePort(values.port, '--port') ??
        parsePort(e('PORT'), 'the environment') ??
        parsePort(file.port, 'the config file'),
      hostname: values.hostname ?? e('HOSTNAME') ?? file.hostname,
      dataDir: dataDirHint ?? fromFile(file.dataDir),
      serverFilesDir: e('SERVER_FILES') ?? fromFile(file.serverFiles),
      userFilesDir: e('USER_FILES') ?? fromFile(file.userFiles),
      databaseUrl: values['database-url'] ?? env.COFFER_DATABASE_URL ?? file.databaseUrl,
      webRoot: values['web-root'] ?? e('WEB_ROOT') ?? fromFile(file.webRoot),
      connectOrigins: parseOrigins(
        values['connect-origin'] ?? e('CONNECT_ORIGINS')?.split(',') ?? file.connectOrigins,
      ),
      https: httpsKey && httpsCert ? { key: pem(httpsKey, cwd), cert: pem(httpsCert, cwd) } : null,
      limits: parseLimits(env, file.upload),
      gocardlessBaseUrl: env.COFFER_GOCARDLESS_URL ?? file.gocardlessBaseUrl,
      enableBankingBaseUrl: env.COFFER_ENABLEBANKING_URL ?? file.enableBankingBaseUrl,
      bankSchedule:
        parseMinutes(env.COFFER_BANK_SYNC_MINUTES, 'the environment') ??
        parseMinutes(file.bankSyncMinutes, 'the config file'),
      openId: openIdFromEnv(e) ?? file.openId,
      enforceOpenId: parseFlag(e('OPENID_ENFORCE'), 'OPENID_ENFORCE') ?? file.enforceOpenId,
    },
    cwd,
  );
  if (command === 'reset-password') {
    return { kind: 'reset-password', config, password: values.password ?? null };
  }
  return { kind: 'serve', config };
}

/** Limits are configured in MB (fractions allowed) and enforced in whole bytes. */
export function limitBytes(mb: number): number {
  return Math.max(1, Math.floor(mb * 1024 * 1024));
}
