import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/** A throwaway PostgreSQL server: its own data directory, 127.0.0.1 only, a free port. */
export interface TestPostgres {
  /** A fresh, empty database on this server; returns its connection URL. */
  createDatabase(): Promise<string>;
  stop(): Promise<void>;
}

const INSTALL_HINT =
  'PostgreSQL is not installed: the storage tests need its server binaries (apt-get install -y postgresql)';

/** Debian installs the server under /usr/lib/postgresql/<major>/bin, not on the PATH. */
export function postgresBinDir(): string {
  const root = '/usr/lib/postgresql';
  const majors = existsSync(root)
    ? readdirSync(root)
        .filter((d) => existsSync(join(root, d, 'bin', 'postgres')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (majors.length === 0) throw new Error(INSTALL_HINT);
  return join(root, majors[0]!, 'bin');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * PostgreSQL refuses to run as root (CI runs as root): then the server runs as the `postgres`
 * account Debian's package creates, and its data directory belongs to that account.
 */
function asServerUser(dir: string): (bin: string, args: string[]) => [string, string[]] {
  if (process.getuid?.() !== 0) return (bin, args) => [bin, args];
  const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
  chownSync(dir, uid, gid);
  return (bin, args) => ['runuser', ['-u', 'postgres', '--', bin, ...args]];
}

async function waitReady(url: string, child: ChildProcess, output: () => string): Promise<void> {
  for (let attempt = 0; attempt < 600; attempt++) {
    if (child.exitCode !== null) throw new Error(`postgres exited: ${output()}`);
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.end();
      return;
    } catch {
      await client.end().catch(() => {});
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`postgres did not start: ${output()}`);
}

export async function startTestPostgres(): Promise<TestPostgres> {
  const bin = postgresBinDir();
  const dir = mkdtempSync(join(tmpdir(), 'coffer-pg-'));
  const data = join(dir, 'data');
  const run = asServerUser(dir);
  const [initCmd, initArgs] = run(join(bin, 'initdb'), [
    '-D',
    data,
    '-U',
    'coffer',
    '--auth=trust',
    '--locale=C',
    '-E',
    'UTF8',
  ]);
  execFileSync(initCmd, initArgs, { stdio: 'pipe' });
  const port = await freePort();
  // Durability settings off: a test database is thrown away, and the machine is shared.
  const [cmd, args] = run(join(bin, 'postgres'), [
    '-D',
    data,
    '-k',
    dir,
    '-h',
    '127.0.0.1',
    '-p',
    String(port),
    '-c',
    'fsync=off',
    '-c',
    'synchronous_commit=off',
    '-c',
    'full_page_writes=off',
    '-c',
    'max_connections=300',
  ]);
  const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout!.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (log += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const base = `postgres://coffer@127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      const [stopCmd, stopArgs] = run(join(bin, 'pg_ctl'), ['stop', '-D', data, '-m', 'fast']);
      try {
        execFileSync(stopCmd, stopArgs, { stdio: 'pipe' });
      } catch {
        child.kill('SIGKILL');
      }
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitReady(`${base}/postgres`, child, () => log);
  } catch (e) {
    await stop();
    throw e;
  }
  let next = 0;
  return {
    async createDatabase() {
      const name = `coffer_test_${process.pid}_${next++}`;
      const admin = new pg.Client({ connectionString: `${base}/postgres` });
      await admin.connect();
      try {
        await admin.query(`CREATE DATABASE ${name}`);
      } finally {
        await admin.end();
      }
      return `${base}/${name}`;
    },
    stop,
  };
}
