/**
 * Runs many generated sequences (fast-check) through the harness, and shrinks a failure to the
 * shortest sequence that still fails: fast-check's shrinking first, then dropping single
 * operations while the failure stays (fast-check keeps the generator's minimum length).
 */
import fc from 'fast-check';
import { type Version, VERSIONS } from './divergences.ts';
import {
  type SequenceResult,
  Worker,
  bundleWorker,
  describeFailure,
  runSequence,
} from './harness.ts';
import { type Op, sequence } from './ops.ts';

export interface Workers {
  coffer: Worker;
  actual: Worker[];
  stop(): Promise<void>;
}

export async function startWorkers(versions: readonly Version[] = VERSIONS): Promise<Workers> {
  const script = await bundleWorker();
  const [coffer, ...actual] = await Promise.all([
    Worker.start('coffer', script),
    ...versions.map((v) => Worker.start(v, script)),
  ]);
  return {
    coffer: coffer!,
    actual,
    stop: async () => {
      await Promise.all([coffer!, ...actual].map((w) => w.stop()));
    },
  };
}

export class SequenceFailure extends Error {
  constructor(
    readonly ops: readonly Op[],
    readonly result: SequenceResult,
  ) {
    super(describeFailure(ops, result));
  }
}

export async function check(workers: Workers, ops: readonly Op[]): Promise<SequenceResult> {
  return runSequence(workers.coffer, workers.actual, ops);
}

/** Throws a `SequenceFailure` when the sequence diverges outside the documented table. */
export async function expectSame(workers: Workers, ops: readonly Op[]): Promise<SequenceResult> {
  const result = await check(workers, ops);
  if (result.divergences.length > 0) throw new SequenceFailure(ops, result);
  return result;
}

/** Drops single operations while the sequence still fails. */
export async function minimize(workers: Workers, ops: readonly Op[]): Promise<Op[]> {
  let current = [...ops];
  let changed = true;
  while (changed) {
    changed = false;
    for (let i = current.length - 1; i >= 0; i--) {
      const shorter = current.filter((_, j) => j !== i);
      const result = await check(workers, shorter);
      if (result.divergences.length > 0) {
        current = shorter;
        changed = true;
      }
    }
  }
  return current;
}

export interface RunOptions {
  sequences: number;
  seed: number;
  /**
   * What to do with a failure: report it as found (CI), drop operations one by one while it
   * still fails ('drop'), or first let fast-check shrink it too ('deep': slower, values too).
   */
  shrink: 'none' | 'drop' | 'deep';
  /**
   * Sequences of the seed to generate but not run first (default 0): resumes a long run where
   * it stopped, after a fix that changed only the harness.
   */
  from?: number;
  onSequence?: (done: number) => void;
}

export interface RunReport {
  sequences: number;
  failure: { ops: Op[]; message: string } | null;
  stopped: Record<string, number>;
}

export async function runMany(workers: Workers, options: RunOptions): Promise<RunReport> {
  let done = 0;
  let generated = 0;
  const stopped: Record<string, number> = {};
  const property = fc.asyncProperty(sequence, async (ops) => {
    if (generated++ < (options.from ?? 0)) return;
    const result = await expectSame(workers, ops);
    done++;
    options.onSequence?.(done);
    for (const [version, stop] of Object.entries(result.stopped)) {
      for (const tag of stop.tags)
        stopped[`${version} ${tag}`] = (stopped[`${version} ${tag}`] ?? 0) + 1;
    }
  });
  const details = await fc.check(property, {
    numRuns: options.sequences + (options.from ?? 0),
    seed: options.seed,
    endOnFailure: options.shrink !== 'deep',
  });
  if (!details.failed) return { sequences: done, failure: null, stopped };
  const ops = details.counterexample![0] as Op[];
  const shortest = options.shrink === 'none' ? ops : await minimize(workers, ops);
  const result = await check(workers, shortest);
  return {
    sequences: done,
    failure: {
      ops: shortest,
      message:
        result.divergences.length > 0
          ? describeFailure(shortest, result)
          : String(details.errorInstance),
    },
    stopped,
  };
}
