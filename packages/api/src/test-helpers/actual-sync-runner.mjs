// One session of the real @actual-app/api against a sync server, in its own process (its
// state is global): init with the server, downloadBudget (a fresh download, or the local copy
// caught up), optionally add transactions and sync, then report what it sees.
//   node actual-sync-runner.mjs <job.json> <out.json>
// job: { dataDir, serverURL, password, syncId, keyPassword?, account?, add?: [transaction] }
import { readFileSync, writeFileSync } from 'node:fs';
import api from '@actual-app/api';
import { downloadActualBudget } from '../../../core/src/db/test-helpers/actual-download.mjs';

async function main() {
  const [jobFile, out] = process.argv.slice(2);
  const job = JSON.parse(readFileSync(jobFile, 'utf8'));
  // Actual narrates every step on stdout; the result goes to a file.
  console.log = () => {};
  await api.init({ dataDir: job.dataDir, serverURL: job.serverURL, password: job.password });
  await downloadActualBudget(api, job.syncId, job.keyPassword ? { password: job.keyPassword } : {});
  // The download opens the file twice; a background sync from the first opening can still be
  // pending, and a sync call joins it and gets its answer, which may have come with no file
  // loaded. On a loaded machine it starts late, so sync (a few times, a moment apart) until a
  // call runs on the loaded file; then one more must succeed.
  for (let attempt = 0; attempt < 5; attempt++) {
    const res = await api.internal.send('sync');
    if (!res?.error) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await syncOrThrow();
  if (job.add) {
    await api.addTransactions(job.account, job.add);
    await syncOrThrow();
  }
  const accounts = await api.getAccounts();
  const balances = {};
  const notes = {};
  for (const a of accounts) {
    balances[a.id] = await api.getAccountBalance(a.id);
    const txs = await api.getTransactions(a.id, '2000-01-01', '2099-12-31');
    notes[a.id] = txs.map((t) => `${t.notes ?? ''}:${t.amount}`).sort();
  }
  const prefs = await api.internal.send('load-prefs');
  writeFileSync(
    out,
    JSON.stringify({
      budgetId: prefs.id,
      accounts: accounts.map((a) => ({ id: a.id, name: a.name })),
      balances,
      notes,
    }),
  );
  await api.shutdown();
}

async function syncOrThrow() {
  const res = await api.internal.send('sync');
  if (res?.error) throw new Error(`sync failed: ${JSON.stringify(res.error)}`);
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
