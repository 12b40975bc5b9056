import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { testSqliteDriver } from '../db/test-helpers/test-platform.ts';
import { openTestBudget } from '../query/test-helpers/budget-db.ts';
import { makeBudgetZip, packBudgetZip, readBudgetZip } from './budget-zip.ts';
import { unpackBudget } from './download.ts';
import { crc32, deflateZip } from './zip-write.ts';

/** Bytes that deflate a little (text-like runs with noise), spanning several pieces. */
function sample(length: number): Uint8Array {
  const bytes = new Uint8Array(length);
  let x = 12345;
  for (let i = 0; i < length; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    bytes[i] = x % 7 === 0 ? x >>> 24 : 97 + (i % 13);
  }
  return bytes;
}

describe('the zip deflated by the platform', () => {
  it("computes zip's CRC-32", () => {
    expect(crc32(new TextEncoder().encode('123456789'))).toBe(0xcbf43926);
    expect(crc32(new Uint8Array())).toBe(0);
  });

  it('writes a plain zip that fflate and the download reader read back byte for byte', async () => {
    const big = sample(4 * 1024 * 1024 + 17);
    const small = new TextEncoder().encode('{"budgetName":"Épargne"}');
    const zip = await deflateZip([
      { name: 'db.sqlite', data: big },
      { name: 'metadata.json', data: small },
    ]);
    if (!zip) throw new Error('no CompressionStream');
    expect(zip.length).toBeLessThan(big.length);
    const read = unzipSync(zip);
    expect(Object.keys(read)).toEqual(['db.sqlite', 'metadata.json']);
    expect(Buffer.from(read['db.sqlite']!).equals(Buffer.from(big))).toBe(true);
    expect(Buffer.from(read['metadata.json']!).equals(Buffer.from(small))).toBe(true);
    const unpacked = await unpackBudget(zip);
    if ('error' in unpacked) throw new Error(unpacked.error);
    expect(Buffer.from(unpacked.db).equals(Buffer.from(big))).toBe(true);
    expect(unpacked.meta).toEqual({ budgetName: 'Épargne' });
  });

  it('packs the budget with the same entries as the zip made in JavaScript', async () => {
    const db = openTestBudget();
    db.run(
      "INSERT INTO transactions (id, acct, date, amount, notes) VALUES ('t1', 'a', 20240101, -5, 'rent')",
    );
    const prefs = { id: 'b', budgetName: 'B', lastSyncedTimestamp: 'x' };
    const packed = readBudgetZip(await packBudgetZip(testSqliteDriver(), db.serialize(), prefs));
    const made = readBudgetZip(makeBudgetZip(testSqliteDriver(), db.serialize(), prefs));
    if ('error' in packed || 'error' in made) throw new Error('unreadable archive');
    expect(packed.meta).toEqual({ ...prefs, resetClock: true });
    expect(packed.meta).toEqual(made.meta);
    expect(Buffer.from(packed.db).equals(Buffer.from(made.db))).toBe(true);
  });
});
