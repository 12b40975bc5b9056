/**
 * Every divergence the differential test found, shrunk to its shortest sequence and kept as a
 * plain test (`differential.test.ts` runs each against Coffer and both Actual versions).
 */
import type { Op } from './ops.ts';

export interface ShrunkCase {
  name: string;
  /** The versions that must reach the end without stopping at a documented divergence. */
  compared?: readonly ('6.9' | '26')[];
  ops: Op[];
}

export const SHRUNK: readonly ShrunkCase[] = [];
