// One side of the bank bench in this process (see run.mjs): prints one JSON line.
//   node bank-main.mjs --side <coffer-bank|coffer-file|actual-bank|actual-file> --dir <data dir>
//     --id <budget id> --accounts 5 --per-account 2000
import { actualBank, actualFile, cofferBank, cofferFile, type SideOptions } from './sides.ts';

const option = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1]! : fallback;
};

const sides = {
  'coffer-bank': cofferBank,
  'coffer-file': cofferFile,
  'actual-bank': actualBank,
  'actual-file': actualFile,
};
const side = option('side', 'coffer-bank') as keyof typeof sides;
const out = process.stdout.write.bind(process.stdout);
const options: SideOptions = {
  dataDir: option('dir', ''),
  budgetId: option('id', ''),
  accounts: Number(option('accounts', '5')),
  perAccount: Number(option('per-account', '2000')),
};
const result = await sides[side](options);
out(`${JSON.stringify(result)}\n`);
process.exit(0);
