// Counts what V8's optimising compiler did inside the download bench's clocked part, from the
// Coffer side's stdout kept by DOWNLOAD_BENCH_OUTPUT with DOWNLOAD_BENCH_V8_FLAGS='--trace-opt
// --trace-deopt' (see coffer.ts): functions compiled and the compile time V8 reports for each
// (its three phases summed: on this shared machine they are wall times, the concurrent phase on a
// background thread), and the optimised code thrown away (bailouts) by function and reason.
//   node bench/download/deopts.mjs <file.out>...
import { readFileSync } from 'node:fs';

const files = process.argv.slice(2);
if (files.length === 0) {
  console.error('usage: node bench/download/deopts.mjs <Coffer-PID.out>...');
  process.exit(2);
}
const fn = (line) => /<JSFunction (\S*) /.exec(line)?.[1] || '(anonymous)';
for (const file of files) {
  const compiled = new Map();
  const bailouts = new Map();
  let compileMs = 0;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (line.startsWith('[completed compiling')) {
      const took = /took ([\d.]+), ([\d.]+), ([\d.]+) ms/.exec(line);
      const ms = took ? Number(took[1]) + Number(took[2]) + Number(took[3]) : 0;
      compileMs += ms;
      const c = compiled.get(fn(line)) ?? { count: 0, ms: 0 };
      compiled.set(fn(line), { count: c.count + 1, ms: c.ms + ms });
    } else if (line.startsWith('[bailout')) {
      const kind = /kind: ([\w-]+)/.exec(line)?.[1];
      const reason = /reason: ([^)]*)\)/.exec(line)?.[1];
      const key = `${fn(line)} (${kind}: ${reason})`;
      bailouts.set(key, (bailouts.get(key) ?? 0) + 1);
    }
  }
  const n = (m) => [...m.values()].reduce((s, v) => s + (typeof v === 'number' ? v : v.count), 0);
  console.log(
    `${file}: ${n(compiled)} compiles (${compileMs.toFixed(1)} ms), ${n(bailouts)} bailouts`,
  );
  for (const [k, v] of [...bailouts].sort((a, b) => b[1] - a[1]))
    console.log(`  bailout ${v}× ${k}`);
  const top = [...compiled].sort((a, b) => b[1].ms - a[1].ms).slice(0, 15);
  for (const [k, v] of top) console.log(`  compiled ${v.count}× ${k} ${v.ms.toFixed(1)} ms`);
}
