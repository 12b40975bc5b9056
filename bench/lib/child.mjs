// What the benchmarks that run each side in its own Node process share. A side runs alone so
// its CPU time, peak memory and module state are its own; it prints one JSON line last.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** `--name value` from this process's arguments, or `fallback`. */
export function option(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : fallback;
}

/**
 * Runs `script --child <side> --dir <fresh temp dir> ...args` from `cwd` and answers the last
 * JSON line it printed. The data folder is removed afterwards, whatever happened.
 */
export function runChild(script, side, args, { cwd, prefix }) {
  const dataDir = mkdtempSync(join(tmpdir(), `${prefix}-${side}-`));
  try {
    const res = spawnSync(process.execPath, [script, '--child', side, '--dir', dataDir, ...args], {
      cwd,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    const line = res.stdout
      .trim()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .pop();
    if (res.status !== 0 || !line) {
      throw new Error(`${side} run failed (exit ${res.status}):\n${res.stderr.slice(-4000)}`);
    }
    return JSON.parse(line);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
