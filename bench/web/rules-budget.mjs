// Gives the web benchmark's budget what the rules benchmark needs, straight into SQLite (as
// bench/budget's builder does, so both apps download the very same file): 200 payees spread
// over every transaction (with an imported payee name), and 500 rules of the kinds people keep
// (rename imported names, categorize by payee, flag large amounts).
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
export const PAYEES = 200;
export const RULES = 500;
export const payeeName = (i) => `Payee ${String(i + 1).padStart(3, '0')}`;

export function addRulesAndPayees(dbPath) {
  const Database = require('better-sqlite3');
  const db = new Database(dbPath);
  let seed = 11;
  const rand = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const categories = db
    .prepare(
      `SELECT c.id FROM categories c JOIN category_groups g ON g.id = c.cat_group
       WHERE c.tombstone = 0 AND g.is_income = 0`,
    )
    .all()
    .map((c) => c.id);
  const payees = Array.from({ length: PAYEES }, (_, i) => ({
    id: randomUUID(),
    name: payeeName(i),
  }));
  const insertPayee = db.prepare('INSERT INTO payees (id, name, tombstone) VALUES (?, ?, 0)');
  const insertMapping = db.prepare('INSERT INTO payee_mapping (id, targetId) VALUES (?, ?)');
  const setPayee = db.prepare(
    'UPDATE transactions SET description = ?, imported_description = ? WHERE id = ?',
  );
  const insertRule = db.prepare(
    `INSERT INTO rules (id, stage, conditions, actions, tombstone, conditions_op)
     VALUES (?, ?, ?, ?, 0, 'and')`,
  );
  const rows = db.prepare('SELECT id, parent_id FROM transactions ORDER BY rowid').all();
  db.transaction(() => {
    for (const p of payees) {
      insertPayee.run(p.id, p.name);
      insertMapping.run(p.id, p.id);
    }
    const byParent = new Map();
    for (const row of rows) {
      // A split's children carry their parent's payee.
      const p = row.parent_id ? byParent.get(row.parent_id) : payees[Math.floor(rand() * PAYEES)];
      byParent.set(row.id, p);
      setPayee.run(
        p.id,
        `${p.name.toUpperCase()} CARD ${1000 + (row.id.charCodeAt(0) % 9000)}`,
        row.id,
      );
    }
    const rule = (stage, conditions, actions) =>
      insertRule.run(randomUUID(), stage, JSON.stringify(conditions), JSON.stringify(actions));
    for (let i = 0; i < RULES; i++) {
      const p = payees[i % PAYEES];
      const category = categories[i % categories.length];
      if (i % 5 === 0) {
        rule(
          'pre',
          [
            {
              op: 'contains',
              field: 'imported_description',
              value: p.name.toLowerCase(),
              type: 'string',
            },
          ],
          [{ op: 'set', field: 'description', value: p.id, type: 'id' }],
        );
      } else if (i % 5 === 1) {
        rule(
          null,
          [
            { op: 'is', field: 'description', value: p.id, type: 'id' },
            { op: 'lt', field: 'amount', value: -5000 - i, type: 'number' },
          ],
          [{ op: 'set', field: 'notes', value: `large ${p.name}`, type: 'string' }],
        );
      } else {
        rule(
          null,
          [{ op: 'is', field: 'description', value: p.id, type: 'id' }],
          [{ op: 'set', field: 'category', value: category, type: 'id' }],
        );
      }
    }
  })();
  db.close();
  return { payees: payees.map((p) => p.name), rules: RULES };
}
