// A traced phone tap's main-thread work, task by task (bench/web/phone-tap-split.ts), from a
// trace phone.ts `--trace` wrote: node bench/web-phone/tap-split.mjs TRACE.json [window ms]
import { readFileSync } from 'node:fs';
import { printTapSplit, tapSplit } from '../web/phone-tap-split.ts';

const [file, windowMs] = process.argv.slice(2);
if (!file) throw new Error('usage: tap-split.mjs TRACE.json [window ms]');
const trace = JSON.parse(readFileSync(file, 'utf8')) as {
  traceEvents: Parameters<typeof tapSplit>[0];
};
printTapSplit(file, tapSplit(trace.traceEvents, Number(windowMs ?? 200)));
