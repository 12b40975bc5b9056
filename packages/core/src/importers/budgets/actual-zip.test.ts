import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { afterEach, describe, expect, it } from 'vitest';
import { importCore } from './test-helpers/import-core.ts';

const script = join(dirname(fileURLToPath(import.meta.url)), 'test-helpers/actual-zip-script.mjs'); // prettier-ignore

/* eslint-disable @typescript-eslint/no-explicit-any -- the script's JSON output */
async function runActual(...args: string[]): Promise<any> {
  const { stdout } = await promisify(execFile)(process.execPath, [script, ...args], {
    maxBuffer: 16 * 1024 * 1024,
  });
  const line = stdout
    .trim()
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .pop();
  return JSON.parse(line!);
}

const temps: string[] = [];
let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
  for (const d of temps.splice(0)) rmSync(d, { recursive: true, force: true });
});
const temp = () => {
  const d = mkdtempSync(join(tmpdir(), 'coffer-actual-zip-'));
  temps.push(d);
  return d;
};

describe('Actual zips', () => {
  it('imports an export made by @actual-app/api with the same balances', async () => {
    const work = temp();
    const zip = join(work, 'export.zip');
    const made = await runActual('export', join(work, 'data'), zip);
    const t = importCore();
    cleanup = t.cleanup;
    const res = await t.send('import-budget', { filepath: zip, type: 'actual' });
    expect(res).toEqual({});
    const budget = await t.budget();
    expect(budget.id).toBe(made.id);
    expect(await t.balances()).toEqual(made.balances);
    expect(budget.prefs.resetClock).toBe(false);
    expect(budget.prefs.budgetName).toBe('Made By Actual');
  }, 60_000);

  it('exports a zip that @actual-app/api opens with the same balances', async () => {
    const work = temp();
    const made = await runActual('export', join(work, 'data'), join(work, 'a.zip'));
    const t = importCore();
    cleanup = t.cleanup;
    await t.send('import-budget', { filepath: join(work, 'a.zip'), type: 'actual' });
    const exported = await t.send('export-budget');
    expect(exported.fileName).toBe(`${new Date().toISOString().slice(0, 10)}-${made.id}.zip`);
    const entries = unzipSync(exported.data);
    expect(Object.keys(entries).sort()).toEqual(['db.sqlite', 'metadata.json']);
    const meta = JSON.parse(new TextDecoder().decode(entries['metadata.json']));
    expect(meta.resetClock).toBe(true);
    const dataDir = join(work, 'actual-data');
    const dir = join(dataDir, 'coffer-copy');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'db.sqlite'), entries['db.sqlite']!);
    writeFileSync(join(dir, 'metadata.json'), JSON.stringify({ ...meta, id: 'coffer-copy' }));
    const loaded = await runActual('load', dataDir, 'coffer-copy');
    expect(loaded.balances).toEqual(made.balances);
    expect(loaded.budgeted).toBe(-25000);
  }, 60_000);

  it('reports not-zip-file, invalid-zip-file and invalid-metadata-file, writing nothing', async () => {
    const t = importCore();
    cleanup = t.cleanup;
    const cases: Array<[Uint8Array, string, string]> = [
      [strToU8('not a zip'), 'not-zip-file', 'This file is not valid. Please select an unencrypted archive of Actual data.'],
      [zipSync({ 'metadata.json': strToU8('{"id":"x"}') }), 'invalid-zip-file', 'This archive is not a valid Actual export file.'],
      [zipSync({ 'db.sqlite': strToU8('x'), 'metadata.json': strToU8('{broken') }), 'invalid-metadata-file', 'The metadata file in the given archive is corrupted.'],
      [zipSync({ 'db.sqlite': strToU8('x'), 'metadata.json': strToU8('{"budgetName":"no id"}') }), 'invalid-metadata-file', 'The metadata file in the given archive is corrupted.'],
      [zipSync({ 'db.sqlite': strToU8('not sqlite at all'), 'metadata.json': strToU8('{"id":"x"}') }), 'invalid-zip-file', 'This archive is not a valid Actual export file.'],
    ]; // prettier-ignore
    for (const [bytes, type, message] of cases) {
      const res = await t.send('import-budget', { bytes, type: 'actual' });
      expect(res.error).toEqual({ type, message });
    }
    const missing = await t.send('import-budget', { filepath: '/nope/x.zip', type: 'actual' });
    expect(missing.error.type).toBe('not-zip-file');
    expect(await t.platform.fs.listDir(t.platform.dir)).toEqual([]);
  });
});
