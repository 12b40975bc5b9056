import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineDriverSuite } from '../../core/src/db/driver-suite.ts';
import { createNodeSqliteDriver } from './sqlite.ts';

const dir = mkdtempSync(join(tmpdir(), 'coffer-driver-'));
let n = 0;
defineDriverSuite('better-sqlite3', createNodeSqliteDriver, () => join(dir, `db-${n++}.sqlite`));
