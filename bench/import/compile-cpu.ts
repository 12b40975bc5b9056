/**
 * V8's compile work between two page marks of a trace taken with `disabled-by-default-v8.compile`
 * (web.ts's `--compiles`), in CPU ms over all threads: lazy compiles (a function's bytecode at its
 * first call, on the thread that calls it), optimising compiles of JS (Maglev and Turbofan jobs,
 * on the pool threads) and SQLite's wasm tier-up. What it answers: which compile a change could
 * save. Per-file compile hints and V8's code cache touch the lazy compiles only; the optimising
 * ones are made again in every worker.
 */
import type { TraceEvent } from '../web/phone-trace.ts';
import { markAt } from '../web/thread-cpu.ts';

const KINDS: Record<string, 'lazy' | 'optimising' | 'wasmTierUp'> = {
  'V8.CompileCode': 'lazy',
  'V8.ParseFunction': 'lazy',
  'V8.TurbofanTask': 'optimising',
  'V8.MaglevTask': 'optimising',
  'wasm.ExecuteCompilationUnits': 'wasmTierUp',
};

export interface CompileCpu {
  lazyMs: number;
  optimisingMs: number;
  wasmTierUpMs: number;
}

export function compileCpu(events: readonly TraceEvent[], from: string, to: string): CompileCpu {
  const start = markAt(events, from);
  const end = markAt(events, to);
  if (start === undefined || end === undefined) throw new Error(`no mark ${from} or ${to}`);
  const sums = { lazy: 0, optimising: 0, wasmTierUp: 0 };
  for (const e of events) {
    const kind = KINDS[e.name];
    if (!kind || e.ph !== 'X' || e.ts < start || e.ts >= end) continue;
    sums[kind] += (e.tdur ?? e.dur ?? 0) / 1000;
  }
  return {
    lazyMs: Math.round(sums.lazy),
    optimisingMs: Math.round(sums.optimising),
    wasmTierUpMs: Math.round(sums.wasmTierUp),
  };
}
