/**
 * The worker's marks of its start and of a budget's open (`coffer-worker:<name>`): the phone
 * bench's traces lay the open out step by step against SQLite's own start
 * (bench/web-phone/start-path.mjs, issue 29). A mark costs a few µs.
 */
export function workerMark(name: string): void {
  globalThis.performance?.mark?.(`coffer-worker:${name}`);
}
