// One session of the current @actual-app/api (26.x, installed as `actual-api-26`), in its own
// process (its state is global). Runs the job's steps in order and writes what they report as
// JSON to the out file.
//   node actual-current-runner.mjs <job.json> <out.json>
// job: { dataDir, serverURL?, password?, sessionToken?, steps: [{ op, ... }] }
//   (sessionToken: a session the server handed out elsewhere, e.g. through OpenID sign-in)
//   create { name }                 a new budget, uploaded to the server
//   download { syncId }             the server's budget (a fresh download, or the local copy
//                                   caught up), synced until a sync runs on the loaded file
//   load { id }                     open a budget folder of the data dir (Actual migrates it)
//   read { ids }                    those transactions as Actual's own query shows them
//   seed                            an account, a category, payees and transactions
//   goals { month, notes, ui }      '#template' notes applied to `notes`; the same templates
//                                   set from the UI (source 'ui') on `ui`
//   reconcile { ids }               mark transactions reconciled
//   fill { columns }                raw CRDT writes, through Actual's own write path, of a value
//                                   into each of [{ table, column, value, empty }]: into the first
//                                   row (by id) where the column is still empty (null or its
//                                   default `empty`), else none (a step before set it); a table
//                                   without rows gets a new one, `interop-<table>`
//   sync                            sync, failing on an error
//   import { zip }                  import an export (zip file path) as a new local budget
//   local { name }                  a new budget kept on this machine only (no server)
//   ruleAdd { rules }               each rule through Actual's own `rule-add`; reports, in
//                                   order, its answer's `error` (null when it was saved)
//   tags { create, update }         tags made ({tag, color, description}) and changed ({tag,
//                                   color?, description?, hidden?}, found by name) through the
//                                   api; reports every tag and every transaction's notes
//   tagsDiscover                    Actual's own discovery of the tags notes use; reports the
//                                   names it then has
//   edit { update, add, remove }    transactions changed through the api: update [{id, ...fields}],
//                                   add {account, transactions}, remove [ids]
//   bankSync { accountId }          Actual's own bank sync of one account (`runBankSync`),
//                                   through the server's provider routes; reports its errors
//   bankState                       every linked account's link and sync state, and its live
//                                   transactions' bank fields, as Actual's file holds them
//   tagConditions { notes, conditions }  transactions with those notes; for each condition, the
//                                   notes its filter finds (make-filters-from-conditions, then
//                                   Actual's query) and the notes a rule with it matches
//                                   (rules-run), as `tagFound` and `tagRuled`
// The current api runs on this machine's Node 20 (its engines field asks for Node 20 or later).
import { readFileSync, writeFileSync } from 'node:fs';
import api from 'actual-api-26';
import { downloadActualBudget } from '../../../core/src/db/test-helpers/actual-download.mjs';

const out = {};

async function syncOrThrow() {
  const res = await api.internal.send('sync');
  if (res?.error) throw new Error(`sync failed: ${JSON.stringify(res.error)}`);
}

async function prefs() {
  return api.internal.send('load-prefs');
}

const steps = {
  async create(lib, { name }) {
    await api.internal.send('create-budget', { budgetName: name });
    let p = await prefs();
    if (!p.groupId) {
      const res = await api.internal.send('upload-budget');
      if (res?.error) throw new Error(`upload failed: ${JSON.stringify(res.error)}`);
      p = await prefs();
    }
    out.budgetId = p.id;
    out.groupId = p.groupId;
  },

  async download(lib, { syncId, password }) {
    await downloadActualBudget(api, syncId, password ? { password } : {});
    // The download opens the file twice; a background sync from the first opening may still
    // be pending and answer a sync call made meanwhile. Sync until one runs on the loaded file.
    for (let attempt = 0; attempt < 5; attempt++) {
      const res = await api.internal.send('sync');
      if (!res?.error) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    await syncOrThrow();
    out.budgetId = (await prefs()).id;
  },

  async load(lib, { id }) {
    await api.loadBudget(id);
    out.budgetId = (await prefs()).id;
  },

  async read(lib, { ids }) {
    const query = api.q('transactions').filter({ id: { $oneof: ids } });
    const { data } = await api.aqlQuery(query.select(['id', 'amount', 'notes']));
    out.transactions = data;
  },

  async seed(lib) {
    const account = await api.createAccount({ name: 'Everyday' }, 250000);
    const group = await api.createCategoryGroup({ name: 'Living' });
    const food = await api.createCategory({ name: 'Food', group_id: group });
    const fun = await api.createCategory({ name: 'Fun', group_id: group });
    const market = await api.createPayee({ name: 'Market' });
    const grocer = await api.createPayee({ name: 'Grocer' });
    await api.addTransactions(account, [
      { date: '2024-03-02', amount: -4200, payee: market, category: food, notes: 'weekly shop' },
      { date: '2024-03-05', amount: -1500, payee: grocer, category: fun, notes: 'treats' },
      {
        date: '2024-03-07',
        amount: -3000,
        payee: market,
        notes: 'split',
        subtransactions: [
          { amount: -1000, category: food },
          { amount: -2000, category: fun },
        ],
      },
    ]);
    // Rows for the tables whose later columns get written: a schedule, and a tracking-budget
    // month (this budget is an envelope one, so Actual writes none itself).
    const schedule = await api.internal.send('schedule/create', {
      schedule: { name: 'Rent', posts_transaction: false },
      conditions: [
        { op: 'is', field: 'account', value: account },
        { op: 'is', field: 'payee', value: grocer },
        { op: 'isapprox', field: 'amount', value: -90000 },
        {
          op: 'isapprox',
          field: 'date',
          value: { start: '2024-04-01', frequency: 'monthly', interval: 1, endMode: 'never' },
        },
      ],
    });
    await lib.db.update('reflect_budgets', {
      id: `202403-${food}`,
      month: 202403,
      category: food,
      amount: 5000,
      carryover: 0,
    });
    const txs = await api.getTransactions(account, '2024-01-01', '2024-12-31');
    const byNotes = (n) => txs.find((t) => t.notes === n).id;
    out.seed = {
      account,
      group,
      food,
      fun,
      market,
      grocer,
      shop: byNotes('weekly shop'),
      treats: byNotes('treats'),
      split: byNotes('split'),
      schedule,
    };
  },

  async goals(lib, { month, notes, ui }) {
    await api.updateNote(notes, '#template 120\n#goal 500');
    const applied = await api.internal.send('budget/overwrite-goal-template', { month });
    if (applied?.type === 'error') throw new Error(`templates failed: ${applied.message}`);
    out.goals = applied;
    const { data } = await api.aqlQuery(
      api.q('categories').filter({ id: notes }).select(['goal_def']),
    );
    if (!data[0]?.goal_def) {
      const all = await lib.db.all('SELECT id, name, goal_def, tombstone FROM categories');
      throw new Error(`no goal_def on ${notes}: ${JSON.stringify({ applied, all })}`);
    }
    const templates = JSON.parse(data[0].goal_def);
    await api.internal.send('budget/set-category-automations', {
      categoriesWithTemplates: [{ id: ui, templates }],
      source: 'ui',
    });
  },

  async reconcile(lib, { ids }) {
    for (const id of ids) await api.updateTransaction(id, { reconciled: true });
  },

  async fill(lib, { columns }) {
    const byTable = new Map();
    for (const c of columns) byTable.set(c.table, [...(byTable.get(c.table) ?? []), c]);
    const written = [];
    for (const [table, list] of byTable) {
      const first = await lib.db.first(`SELECT id FROM "${table}" ORDER BY id LIMIT 1`);
      const values = {};
      for (const { column, value, empty } of list) {
        const row = await lib.db.first(
          `SELECT id FROM "${table}" WHERE "${column}" IS NULL OR "${column}" IS ? ORDER BY id LIMIT 1`,
          [empty],
        );
        if (!first) values[column] = value;
        else if (row) await lib.db.update(table, { id: row.id, [column]: value });
        if (first && row) written.push({ table, column, row: row.id });
        if (!first) written.push({ table, column, row: `interop-${table}` });
      }
      if (!first) await lib.db.update(table, { id: `interop-${table}`, ...values });
    }
    out.filled = written;
  },

  async sync() {
    await syncOrThrow();
  },

  async local(lib, { name }) {
    await api.internal.send('create-budget', { budgetName: name });
    out.budgetId = (await prefs()).id;
  },

  async ruleAdd(lib, { rules }) {
    out.ruleErrors = [];
    for (const rule of rules) {
      const res = await api.internal.send('rule-add', rule);
      out.ruleErrors.push(res?.error ?? null);
    }
  },

  async tags(lib, { create = [], update = [] }) {
    for (const tag of create) await api.createTag(tag);
    for (const { tag, ...fields } of update) {
      const found = (await api.internal.send('tags-get')).find((t) => t.tag === tag);
      if (!found) throw new Error(`no tag ${tag}`);
      await api.internal.send('tags-update', { id: found.id, ...fields });
    }
    out.tags = (await api.internal.send('tags-get')).map(({ tag, color, description, hidden }) => ({
      tag,
      color,
      description,
      hidden,
    }));
    out.notes = (await lib.db.all('SELECT id, notes FROM transactions WHERE tombstone = 0')).filter(
      (t) => t.notes,
    );
  },

  async tagsDiscover() {
    out.discovered = (await api.internal.send('tags-discover')).map((t) => t.tag).sort();
  },

  async edit(lib, { update = [], add = null, remove = [] }) {
    for (const { id, ...fields } of update) await api.updateTransaction(id, fields);
    if (add) await api.addTransactions(add.account, add.transactions);
    for (const id of remove) await api.deleteTransaction(id);
  },

  async bankSync(lib, { accountId }) {
    try {
      await api.runBankSync({ accountId });
      out.bankSyncError = null;
    } catch (err) {
      out.bankSyncError = String(err?.message ?? err);
    }
  },

  async bankState(lib) {
    out.accounts = await lib.db.all(
      `SELECT id, name, account_id, account_sync_source, last_sync, bank_sync_status, balance_current
       FROM accounts WHERE tombstone = 0 AND account_id IS NOT NULL ORDER BY name`,
    );
    out.transactions = await lib.db.all(
      `SELECT t.id, t.acct, t.amount, t.date, t.financial_id, t.cleared, t.pending,
         t.raw_synced_data, t.imported_description, t.starting_balance_flag
       FROM transactions t JOIN accounts a ON a.id = t.acct
       WHERE t.tombstone = 0 AND a.account_id IS NOT NULL ORDER BY t.acct, t.date, t.financial_id`,
    );
  },

  async tagConditions(lib, { notes, conditions }) {
    const account = await api.createAccount({ name: 'Tags' }, 0);
    await api.addTransactions(
      account,
      notes.map((n, i) => ({ date: '2024-05-01', amount: -100 * (i + 1), notes: n })),
    );
    out.tagFound = [];
    out.tagRuled = [];
    for (const condition of conditions) {
      const { filters } = await api.internal.send('make-filters-from-conditions', {
        conditions: [condition],
      });
      const query = api.q('transactions').filter({ $and: filters, account }).select(['notes']);
      const { data } = await api.aqlQuery(query);
      out.tagFound.push(data.map((t) => t.notes).sort());
      const ruled = [];
      const rule = { stage: null, conditionsOp: 'and', conditions: [condition], actions: [] };
      rule.actions.push({ op: 'set', field: 'cleared', value: true });
      const added = await api.internal.send('rule-add', rule);
      for (const n of notes) {
        const t = { id: 't', account, date: '2024-05-01', amount: -1, notes: n, cleared: false };
        const res = await api.internal.send('rules-run', { transaction: t });
        if (res.cleared) ruled.push(n);
      }
      await api.internal.send('rule-delete', added.id);
      out.tagRuled.push(ruled.sort());
    }
  },

  async import(lib, { zip }) {
    const { id } = await api.importBudget(zip, { type: 'actual' });
    out.importedId = id;
  },
};

async function main() {
  const [jobFile, outFile] = process.argv.slice(2);
  const job = JSON.parse(readFileSync(jobFile, 'utf8'));
  // Actual narrates every step on stdout; the result goes to a file.
  console.log = () => {};
  console.info = () => {};
  const lib = await api.init({
    dataDir: job.dataDir,
    ...(job.serverURL
      ? {
          serverURL: job.serverURL,
          ...(job.sessionToken ? { sessionToken: job.sessionToken } : { password: job.password }),
        }
      : {}),
  });
  for (const step of job.steps) await steps[step.op](lib, step);
  writeFileSync(outFile, JSON.stringify(out));
  await api.shutdown();
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
