import sqlite3InitModule from '@sqlite.org/sqlite-wasm';
import { defineDriverSuite } from '../../../core/src/db/driver-suite.ts';
import { createWasmSqliteDriver } from './driver.ts';

// The same wasm SQLite the browser runs, here on its built-in in-memory file system; the
// browser test covers the OPFS store on top of it.
const sqlite3 = await sqlite3InitModule();
let n = 0;
defineDriverSuite(
  'sqlite-wasm',
  () => createWasmSqliteDriver(sqlite3),
  () => `/driver-${n++}.sqlite`,
);
