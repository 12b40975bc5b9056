/**
 * The long form of the differential test: `npm run fuzz -- --sequences 10000 [--seed N]
 * [--against 6.9,26] [--from K]` (`--from`: skip the seed's first K sequences, to resume).
 * Prints progress, and a failure shrunk to its shortest sequence (ready to paste into
 * `shrunk-sequences.ts`; `--deep-shrink` lets fast-check shrink values too, slower).
 * `npm run fuzz -- --replay file.json` runs one sequence; with `FUZZ_TRACE=prefix` in the
 * environment each side writes the calls it made, resolved (ids, dates), to `prefix.<side>`.
 */
import { type Version, VERSIONS } from './divergences.ts';
import { readFileSync } from 'node:fs';
import { describeFailure } from './harness.ts';
import type { Op } from './ops.ts';
import { check, minimize, runMany, startWorkers } from './run.ts';

function option(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
}

/** `--replay file.json`: runs the sequence in the file (an array of operations), shrunk. */
async function replay(file: string, against: Version[]) {
  const ops = JSON.parse(readFileSync(file, 'utf8')) as Op[];
  const workers = await startWorkers(against);
  try {
    const result = await check(workers, ops);
    if (result.divergences.length === 0) {
      console.log('same in every version compared', result.stopped);
      return;
    }
    console.log(describeFailure(ops, result));
    const shortest = await minimize(workers, ops);
    console.log(`\nshortest sequence:\n${JSON.stringify(shortest)}`);
    process.exitCode = 1;
  } finally {
    await workers.stop();
  }
}

async function main() {
  const replayFile = option('replay', '');
  if (replayFile) {
    await replay(replayFile, option('against', VERSIONS.join(',')).split(',') as Version[]);
    return;
  }
  const sequences = Number(option('sequences', '500'));
  const seed = Number(option('seed', String(Date.now() % 1_000_000_000)));
  const against = option('against', VERSIONS.join(',')).split(',') as Version[];
  const from = Number(option('from', '0'));
  console.log(
    `${sequences} sequences, seed ${seed}${from ? ` from sequence ${from}` : ''}, ` +
      `Coffer against ${against.join(' and ')}`,
  );
  const workers = await startWorkers(against);
  const started = performance.now();
  try {
    const report = await runMany(workers, {
      sequences,
      seed,
      shrink: process.argv.includes('--deep-shrink') ? 'deep' : 'drop',
      from,
      onSequence: (done) => {
        if (done % 50 === 0) {
          const seconds = (performance.now() - started) / 1000;
          console.log(`${done} sequences, ${seconds.toFixed(0)} s`);
        }
      },
    });
    const seconds = (performance.now() - started) / 1000;
    console.log(`${report.sequences} sequences in ${seconds.toFixed(0)} s`);
    console.log('stopped at documented divergences:', report.stopped);
    for (const w of [workers.coffer, ...workers.actual]) {
      const t = w.timing;
      console.log(
        `${w.impl}: begin ${(t.begin / 1000).toFixed(0)} s, ops ${(t.op / 1000).toFixed(0)} s, ` +
          `reads ${(t.dump / 1000).toFixed(0)} s`,
      );
    }
    if (report.failure) {
      console.log(`\nFAILED (seed ${seed}):\n${report.failure.message}`);
      console.log(`\nshortest sequence:\n${JSON.stringify(report.failure.ops, null, 2)}`);
      process.exitCode = 1;
    } else {
      console.log('no divergence outside the documented table');
    }
  } finally {
    await workers.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
