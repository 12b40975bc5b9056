/** Runs tasks one at a time in arrival order; a failing task does not stop the ones after it. */
export class SerialQueue {
  private tail: Promise<unknown> = Promise.resolve();
  private size = 0;

  run<T>(task: () => T | Promise<T>): Promise<T> {
    this.size++;
    const result = this.tail.then(task);
    this.tail = result.then(
      () => this.size--,
      () => this.size--,
    );
    return result;
  }

  /** Tasks queued or running. */
  get pending(): number {
    return this.size;
  }

  /** Resolves once everything queued so far has finished. */
  async drain(): Promise<void> {
    await this.tail;
  }
}
