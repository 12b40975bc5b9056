// Runs the interop fixture against the real @actual-app/api in its own process (its state is
// global). Writes the result as JSON to the given file.
//   node actual-runner.mjs create <dataDir> <out.json>       build a budget, dump it
//   node actual-runner.mjs dump <dataDir> <budgetId> <out.json>  open a budget, dump it
import { writeFileSync } from 'node:fs';
import api from '@actual-app/api';
import { buildFixture, dumpBudget } from './interop-fixture.mjs';

async function main() {
  const [mode, dataDir, ...rest] = process.argv.slice(2);
  // Actual narrates every step on stdout; the result goes to a file.
  console.log = () => {};
  await api.init({ dataDir });
  let result;
  if (mode === 'create') {
    await api.internal.send('create-budget', { budgetName: 'Made by Actual', avoidUpload: true });
    const prefs = await api.internal.send('load-prefs');
    await buildFixture(api);
    result = { id: prefs.id, dump: await dumpBudget(api) };
  } else {
    await api.loadBudget(rest.shift());
    result = { dump: await dumpBudget(api) };
  }
  writeFileSync(rest[0], JSON.stringify(result));
  // Without a server Actual's shutdown may reject on its sync step; the data is written.
  await api.internal.send('close-budget').catch(() => {});
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
