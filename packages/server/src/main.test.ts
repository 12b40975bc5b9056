import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { readPasswordFromStdin, resetPassword } from './commands.ts';
import { resolveConfig } from './config.ts';
import { bundledMain } from './test-helpers/cli.ts';
import { bootstrap, call, startTestServer, tempDir } from './test-helpers/harness.ts';

let bundle: string;

beforeAll(async () => {
  bundle = await bundledMain();
});

function run(args: string[], input = ''): { status: number; stdout: string; stderr: string } {
  try {
    const stdout = execFileSync(process.execPath, [bundle, ...args], { input, encoding: 'utf8' });
    return { status: 0, stdout, stderr: '' };
  } catch (e) {
    const err = e as { status: number; stdout: string; stderr: string };
    return { status: err.status, stdout: err.stdout, stderr: err.stderr };
  }
}

async function login(url: string, password: string): Promise<number> {
  return (await call(url, 'POST', '/account/login', { json: { password } })).status;
}

describe('reset-password', () => {
  it('replaces the password and signs every session out', async () => {
    const dataDir = tempDir();
    const t = await startTestServer({ dataDir });
    const token = await bootstrap(t.url, 'forgotten');
    await t.stop();

    await resetPassword(resolveConfig({ dataDir, scryptCost: 1 << 10 }), 'remembered');
    const again = await startTestServer({ dataDir });
    expect(await login(again.url, 'forgotten')).toBe(400);
    expect(await login(again.url, 'remembered')).toBe(200);
    expect((await call(again.url, 'GET', '/account/validate', { token })).status).toBe(401);
    await again.stop();
    await expect(resetPassword(resolveConfig({ dataDir }), '')).rejects.toThrow(/empty/);
  });

  it('reads the first line of stdin', async () => {
    expect(await readPasswordFromStdin(Readable.from(['new pass\r\n', 'ignored']))).toBe(
      'new pass',
    );
    expect(await readPasswordFromStdin(Readable.from(['no newline']))).toBe('no newline');
  });

  it('works from the command line, from stdin or a flag', async () => {
    const dataDir = tempDir();
    let res = run(['reset-password', '--data-dir', dataDir], 'from stdin\n');
    expect(res.status).toBe(0);
    expect(res.stdout).toContain('Password changed');
    expect(res.stdout).not.toContain('from stdin');
    let t = await startTestServer({ dataDir });
    expect(await login(t.url, 'from stdin')).toBe(200);
    await t.stop();

    res = run(['reset-password', '--data-dir', dataDir, '--password', 'from flag']);
    expect(res.status).toBe(0);
    t = await startTestServer({ dataDir });
    expect(await login(t.url, 'from flag')).toBe(200);
    await t.stop();

    res = run(['reset-password', '--data-dir', dataDir], '\n');
    expect(res.status).toBe(1);
    expect(res.stderr).toContain('empty');
  });
});

describe('the command line', () => {
  it('prints help and version, and refuses unknown commands', () => {
    expect(run(['--help']).stdout).toContain('reset-password');
    expect(run(['--version']).stdout).toMatch(/^v\d+\.\d+\.\d+/);
    const bad = run(['frobnicate']);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('Unknown command');
  });

  it('serves on the configured port and stops cleanly on SIGTERM', async () => {
    const dataDir = tempDir();
    const child = spawn(process.execPath, [bundle, '--port', '0', '--data-dir', dataDir], {
      env: { ...process.env, COFFER_HOSTNAME: '127.0.0.1' },
    });
    const url = await new Promise<string>((resolveUrl, reject) => {
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
        if (match) resolveUrl(match[1]!);
      });
      child.once('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
    });
    expect((await call(url, 'GET', '/health')).json).toEqual({ status: 'UP' });
    const exited = new Promise<number | null>((r) => child.once('exit', r));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });

  it('serves HTTPS with a key and certificate', async () => {
    const dir = tempDir();
    const key = join(dir, 'key.pem');
    const cert = join(dir, 'cert.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-keyout',
        key,
        '-out',
        cert,
      ],
      { stdio: 'ignore' },
    );
    const t = await startTestServer({
      https: { key: readFileSync(key, 'utf8'), cert: readFileSync(cert, 'utf8') },
    });
    expect(t.url).toMatch(/^https:/);
    const body = await new Promise<string>((resolveBody, reject) => {
      const req = httpsRequest(
        `${t.url}/health`,
        { ca: readFileSync(cert), checkServerIdentity: () => undefined },
        (res) => {
          let text = '';
          res.on('data', (c: Buffer) => (text += c.toString()));
          res.on('end', () => resolveBody(text));
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(JSON.parse(body)).toEqual({ status: 'UP' });
    await t.stop();
  });
});
