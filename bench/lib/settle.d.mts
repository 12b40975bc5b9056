/** See settle.mjs. */
export function settled(
  startMs: number,
  startCpu: NodeJS.CpuUsage,
  limitMs?: number,
): Promise<{ settledMs: number; settledCpuMs: number }>;
