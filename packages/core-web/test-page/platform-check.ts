import sqlite3InitModule from '@sqlite.org/sqlite-wasm';
import { createWebPlatform } from '../src/platform.ts';

/**
 * File operations the core flows of the page test do not reach (a database written, read,
 * copied and removed through the file system; a plain file rewritten), on a second platform
 * in the same worker, in a folder of its own.
 */
export async function platformCheck(): Promise<Record<string, unknown>> {
  const sqlite3 = await sqlite3InitModule();
  let refused = 0;
  const platform = await createWebPlatform({ sqlite3, mode: 'opfs', onRefused: () => refused++ });
  const { fs, sqlite } = platform;
  const dir = fs.join(platform.documentDir, 'platform-check');
  await fs.mkdir(dir);

  const db = sqlite.open(fs.join(dir, 'db.sqlite'));
  db.exec('CREATE TABLE t (v TEXT)');
  db.run('INSERT INTO t VALUES (?)', ['one']);
  const written = db.serialize();
  db.close();
  const read = await fs.readFile(fs.join(dir, 'db.sqlite'));

  await fs.copyFile(fs.join(dir, 'db.sqlite'), fs.join(dir, 'copy.sqlite'));
  const listedWithCopy = (await fs.listDir(dir)).sort();
  const copy = sqlite.open(fs.join(dir, 'copy.sqlite'));
  const copyRows = copy.all('SELECT v FROM t');
  copy.close();
  await fs.remove(fs.join(dir, 'copy.sqlite'));
  const copyExists = await fs.exists(fs.join(dir, 'copy.sqlite'));

  await fs.writeFile(fs.join(dir, 'note.txt'), 'first');
  await fs.writeFile(fs.join(dir, 'note.txt'), 'second');
  const note = await fs.readText(fs.join(dir, 'note.txt'));
  const listed = (await fs.listDir(dir)).sort();

  await fs.removeDir(dir);
  return {
    sameBytes: written.length === read.length && written.every((b, i) => b === read[i]),
    listedWithCopy,
    copyRows,
    copyExists,
    note,
    listed,
    dirExistsAfterRemove: await fs.exists(dir),
    refused,
  };
}
