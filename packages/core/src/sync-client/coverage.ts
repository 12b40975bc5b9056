/**
 * A stretch of the local message log the server is known to hold: every local message with
 * `from < timestamp <= upTo` was in a request the server answered. Pushes skip it, so a large
 * backlog sent over a flaky connection makes progress across attempts instead of starting
 * over. (New local messages are always stamped after the whole log, so they never fall inside
 * an old stretch; remote ones came from the server.) `from = ''` means "from the start".
 */
export interface CoveredRange {
  from: string;
  upTo: string;
}

export class Coverage {
  constructor(private range: CoveredRange | null) {}

  get value(): CoveredRange | null {
    return this.range;
  }

  /** Where pushing continues from `cursor`: past the covered stretch when inside it. */
  skip(cursor: string): string {
    const r = this.range;
    return r && r.from <= cursor && cursor < r.upTo ? r.upTo : cursor;
  }

  /** Every local message in `(runFrom, upTo]` is now on the server. */
  confirm(runFrom: string, upTo: string): void {
    if (upTo <= runFrom) return;
    const r = this.range;
    if (!r) this.range = { from: runFrom, upTo };
    else if (runFrom <= r.upTo && upTo >= r.from) {
      this.range = {
        from: runFrom < r.from ? runFrom : r.from,
        upTo: upTo > r.upTo ? upTo : r.upTo,
      };
    } else if (upTo > r.upTo) {
      this.range = { from: runFrom, upTo };
    }
  }

  /** Stop trusting it (the merkle keeps disagreeing where it claims all is sent). */
  forget(): void {
    this.range = null;
  }
}
