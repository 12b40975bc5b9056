import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, limitBytes, loadCommand, resolveConfig } from './config.ts';
import { tempDir } from './test-helpers/harness.ts';

const PEM_KEY = '-----BEGIN PRIVATE KEY-----\nabc\n-----END PRIVATE KEY-----\n';
const PEM_CERT = '-----BEGIN CERTIFICATE-----\ndef\n-----END CERTIFICATE-----\n';

describe('configuration', () => {
  it('defaults to 127.0.0.1:5006 and ./data', () => {
    const c = resolveConfig({}, '/srv');
    expect(c.port).toBe(5006);
    expect(c.hostname).toBe('127.0.0.1');
    expect(c.dataDir).toBe('/srv/data');
    expect(c.serverFilesDir).toBe('/srv/data/server-files');
    expect(c.userFilesDir).toBe('/srv/data/user-files');
    expect(c.limits).toEqual({ jsonMB: 20, syncMB: 20, fileMB: 2048 });
    expect(c.https).toBeNull();
  });

  it('takes the Enable Banking API base URL from the environment over the config file', () => {
    const dir = tempDir();
    writeFileSync(
      join(dir, 'config.json'),
      JSON.stringify({ enableBankingBaseUrl: 'http://127.0.0.1:9/from-file' }),
    );
    const fromFile = loadCommand(['--config', join(dir, 'config.json')], {}, dir);
    if (fromFile.kind !== 'serve') throw new Error(fromFile.kind);
    expect(fromFile.config.enableBankingBaseUrl).toBe('http://127.0.0.1:9/from-file');
    const fromEnv = loadCommand(
      ['--config', join(dir, 'config.json')],
      { COFFER_ENABLEBANKING_URL: 'http://127.0.0.1:9/from-env' },
      dir,
    );
    if (fromEnv.kind !== 'serve') throw new Error(fromEnv.kind);
    expect(fromEnv.config.enableBankingBaseUrl).toBe('http://127.0.0.1:9/from-env');
    expect(resolveConfig({}).enableBankingBaseUrl).toBe('https://api.enablebanking.com');
  });

  it('takes flags over the environment over the config file', () => {
    const dir = tempDir();
    const dataDir = join(dir, 'd');
    mkdirSync(dataDir);
    writeFileSync(
      join(dataDir, 'config.json'),
      JSON.stringify({ port: 7000, hostname: '0.0.0.0', upload: { fileMB: 5 }, webRoot: 'web' }),
    );
    let cmd = loadCommand(['--data-dir', dataDir], {}, dir);
    expect(cmd).toMatchObject({ kind: 'serve' });
    if (cmd.kind !== 'serve') throw new Error();
    expect(cmd.config.port).toBe(7000);
    expect(cmd.config.hostname).toBe('0.0.0.0');
    expect(cmd.config.limits.fileMB).toBe(5);
    expect(cmd.config.webRoot).toBe(join(dataDir, 'web'));

    cmd = loadCommand(
      ['--data-dir', dataDir],
      { COFFER_PORT: '7100', ACTUAL_HOSTNAME: '::1' },
      dir,
    );
    if (cmd.kind !== 'serve') throw new Error();
    expect(cmd.config.port).toBe(7100);
    expect(cmd.config.hostname).toBe('::1');

    cmd = loadCommand(
      ['--port', '7200', '--hostname', 'localhost'],
      { COFFER_PORT: '7100', COFFER_DATA_DIR: dataDir },
      dir,
    );
    if (cmd.kind !== 'serve') throw new Error();
    expect(cmd.config.port).toBe(7200);
    expect(cmd.config.hostname).toBe('localhost');
    expect(cmd.config.dataDir).toBe(dataDir);
  });

  it('reads HTTPS keys as PEM text or from files, and wants both', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'cert.pem'), PEM_CERT);
    const cmd = loadCommand([], { COFFER_HTTPS_KEY: PEM_KEY, COFFER_HTTPS_CERT: 'cert.pem' }, dir);
    if (cmd.kind !== 'serve') throw new Error();
    expect(cmd.config.https).toEqual({ key: PEM_KEY, cert: PEM_CERT });
    expect(() => loadCommand(['--https-key', 'k.pem'], {}, dir)).toThrow(ConfigError);
  });

  it('parses commands and rejects bad values', () => {
    expect(loadCommand(['--help'], {})).toEqual({ kind: 'help' });
    expect(loadCommand(['-v'], {})).toEqual({ kind: 'version' });
    const reset = loadCommand(['reset-password', '--password', 'pw', '--data-dir', '/x'], {}, '/');
    expect(reset).toMatchObject({ kind: 'reset-password', password: 'pw' });
    expect(() => loadCommand(['frobnicate'], {})).toThrow(ConfigError);
    expect(() => loadCommand(['--port', '99999'], {})).toThrow(ConfigError);
    expect(() => loadCommand([], { COFFER_CONFIG: '/does/not/exist.json' })).toThrow(ConfigError);
  });

  it('reads the sync origins the web app may connect to, and refuses anything but an origin', () => {
    const origins = (argv: string[], env: Record<string, string> = {}) => {
      const cmd = loadCommand(argv, env, '/');
      return cmd.kind === 'serve' ? cmd.config.connectOrigins : null;
    };
    expect(origins([])).toEqual([]);
    expect(
      origins(['--connect-origin', 'https://a.example', '--connect-origin', 'http://b:5006/']),
    ).toEqual(['https://a.example', 'http://b:5006']);
    expect(origins([], { COFFER_CONNECT_ORIGINS: 'https://a.example, https://c.example' })).toEqual(
      ['https://a.example', 'https://c.example'],
    );
    for (const bad of ['*', 'https:', 'https://*.example', 'https://a.example/sync', 'ftp://a']) {
      expect(() => loadCommand(['--connect-origin', bad], {}, '/'), bad).toThrow(ConfigError);
    }
  });

  it("takes upload limits from the environment (Actual's names too) over the config file", () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'config.json'), JSON.stringify({ upload: { fileMB: 5, syncMB: 7 } }));
    const limits = (env: Record<string, string>) => {
      const cmd = loadCommand(['--config', join(dir, 'config.json')], env, dir);
      if (cmd.kind !== 'serve') throw new Error(cmd.kind);
      return cmd.config.limits;
    };
    expect(limits({})).toEqual({ jsonMB: 20, syncMB: 7, fileMB: 5 });
    expect(limits({ ACTUAL_UPLOAD_SYNC_ENCRYPTED_FILE_SYNC_SIZE_LIMIT_MB: '300' }).fileMB).toBe(
      300,
    );
    expect(
      limits({
        COFFER_UPLOAD_FILE_MB: '4096',
        ACTUAL_UPLOAD_SYNC_ENCRYPTED_FILE_SYNC_SIZE_LIMIT_MB: '300',
        COFFER_UPLOAD_SYNC_MB: '64',
        ACTUAL_UPLOAD_FILE_SIZE_LIMIT_MB: '30',
      }),
    ).toEqual({ jsonMB: 30, syncMB: 64, fileMB: 4096 });
    expect(() => limits({ COFFER_UPLOAD_FILE_MB: 'lots' })).toThrow(
      'Invalid upload limit in COFFER_UPLOAD_FILE_MB (MB, more than 0): lots',
    );
    writeFileSync(join(dir, 'config.json'), JSON.stringify({ upload: { fileMB: 0 } }));
    expect(() => limits({})).toThrow(
      'Invalid upload limit in upload.fileMB in the config file (MB, more than 0): 0',
    );
  });

  it('turns MB limits into whole bytes', () => {
    expect(limitBytes(20)).toBe(20 * 1024 * 1024);
    expect(limitBytes(0.01)).toBe(10485);
    expect(limitBytes(0)).toBe(1);
  });
});
