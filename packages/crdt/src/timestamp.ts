import { murmur3, murmurSteps } from './murmur.ts';

/** Largest counter value; one more event in the same millisecond is an `OverflowError`. */
export const MAX_COUNTER = 0xffff;
/** Node ids are at most 16 characters; shorter ones are left-padded with `0` when printed. */
export const MAX_NODE_LENGTH = 16;
/** The last millisecond a JavaScript `Date` can represent. */
const MAX_MILLIS = 8.64e15;

const ZERO_NODE = '0000000000000000';
/** The last millisecond of year 9999; later years print with a sign and six digits. */
const LAST_FOUR_DIGIT_YEAR = 253402300799999;
const DAY = 86_400_000;

/** `00`…`FF`: a counter prints as two of these (four upper-case hex digits). */
const HEX_PAIRS: readonly string[] = Object.freeze(
  Array.from({ length: 256 }, (_, i) => i.toString(16).toUpperCase().padStart(2, '0')),
);

const counterText = (counter: number): string =>
  HEX_PAIRS[counter >> 8]! + HEX_PAIRS[counter & 0xff]!;

const two = (n: number): string => (n < 10 ? `0${n}` : `${n}`);
const three = (n: number): string => (n < 10 ? `00${n}` : n < 100 ? `0${n}` : `${n}`);

/**
 * `new Date(millis).toISOString()` by arithmetic (days to a civil date, proleptic Gregorian):
 * the Date path costs several microseconds and the write path prints one string per message.
 * Years past 9999 are rare enough to go through `Date`. `millis` is a valid timestamp's
 * (0 or more), so years have four digits.
 */
export function isoString(millis: number): string {
  if (millis > LAST_FOUR_DIGIT_YEAR) return new Date(millis).toISOString();
  const days = Math.floor(millis / DAY);
  let rest = millis - days * DAY;
  // Days since 0000-03-01, so leap days fall at the end of each 400-year era's years.
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra -
      Math.floor(dayOfEra / 1460) +
      Math.floor(dayOfEra / 36_524) -
      Math.floor(dayOfEra / 146_096)) /
      365,
  );
  const dayOfYear =
    dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const monthFromMarch = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * monthFromMarch + 2) / 5) + 1;
  const month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  const hours = Math.floor(rest / 3_600_000);
  rest -= hours * 3_600_000;
  const minutes = Math.floor(rest / 60_000);
  rest -= minutes * 60_000;
  const seconds = Math.floor(rest / 1000);
  const ms = rest - seconds * 1000;
  return `${year}-${two(month)}-${two(day)}T${two(hours)}:${two(minutes)}:${two(seconds)}.${three(ms)}Z`;
}

function checkMillis(millis: number): void {
  if (!Number.isInteger(millis) || millis < 0 || millis > MAX_MILLIS) {
    throw new RangeError(`timestamp millis out of range: ${millis}`);
  }
}

function checkCounter(counter: number): void {
  if (!Number.isInteger(counter) || counter < 0 || counter > MAX_COUNTER) {
    throw new RangeError(`timestamp counter out of range: ${counter}`);
  }
}

function checkNode(node: string): void {
  if (typeof node !== 'string' || node.length > MAX_NODE_LENGTH) {
    throw new RangeError(`timestamp node must be at most 16 characters: ${String(node)}`);
  }
}

/** The shape of a string form as `toString` prints it (the day may still run past its month). */
const PRINTED_SHAPE =
  /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d:[0-5]\d\.\d{3}Z-[0-9A-F]{4}-[^-]{16}$/;

/**
 * Whether `text`, which parsed to `millis`, is exactly what `toString` prints for it: then
 * `parse` keeps it, and the string form and hash of a message's timestamp need no printing
 * (a new device's catch-up hashes every message it receives into the merkle).
 */
function printsBack(text: string, millis: number): boolean {
  if (text.length !== 46 || !PRINTED_SHAPE.test(text)) return false;
  const day = (text.charCodeAt(8) - 48) * 10 + (text.charCodeAt(9) - 48);
  // `Date.parse` rolls a day past the month's end over (02-30 is 03-02): that prints otherwise.
  return day <= 28 || new Date(millis).getUTCDate() === day;
}

const digit = (text: string, at: number): number => text.charCodeAt(at) - 48;

/** Days in `month` (1-12) of `year`, proleptic Gregorian. */
function monthDays(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/**
 * The millis of a timestamp string printed as `toString` prints it, from its digits, or null
 * when it is not in that form or names a day past its month's end (engines differ on those:
 * they go through `Date.parse`, as Actual's do). The same number `Date.parse` gives for its
 * date part: the shape bounds every field, and years from 1970 are never read as two-digit
 * ones. A catch-up parses every message's timestamp, and splitting and `Date.parse` were most
 * of that (issue 30).
 */
function printedMillis(text: string): number | null {
  if (text.length !== 46 || !PRINTED_SHAPE.test(text)) return null;
  const year = digit(text, 0) * 1000 + digit(text, 1) * 100 + digit(text, 2) * 10 + digit(text, 3);
  const month = digit(text, 5) * 10 + digit(text, 6);
  const day = digit(text, 8) * 10 + digit(text, 9);
  if (year < 1970 || day > monthDays(year, month)) return null;
  return Date.UTC(
    year,
    month - 1,
    day,
    digit(text, 11) * 10 + digit(text, 12),
    digit(text, 14) * 10 + digit(text, 15),
    digit(text, 17) * 10 + digit(text, 18),
    digit(text, 20) * 100 + digit(text, 21) * 10 + digit(text, 22),
  );
}

/**
 * The merkle hash of a timestamp's string form (what `Timestamp#hash` returns), for callers
 * that hold the canonical string but no `Timestamp`.
 */
export function hashTimestampText(text: string): number {
  return murmur3(text);
}

/**
 * A hybrid logical clock reading: wall-clock millis, a counter for events within the same
 * millisecond, and the id of the node that made it. Its string form is 46 characters and sorts
 * in time order, which is what the message log and the server compare.
 */
export class Timestamp {
  protected _millis: number;
  protected _counter: number;
  protected _node: string;
  // The string form and its hash, computed once: the write path asks for both per message.
  // Private fields, so they are invisible to equality checks and serialization.
  #text: string | undefined;
  #hash: number | undefined;

  constructor(millis: number, counter: number, node: string) {
    checkMillis(millis);
    checkCounter(counter);
    checkNode(node);
    this._millis = millis;
    this._counter = counter;
    this._node = node;
  }

  millis(): number {
    return this._millis;
  }

  counter(): number {
    return this._counter;
  }

  /** The node id as given; `toString()` pads it to 16 characters. */
  node(): string {
    return this._node;
  }

  toString(): string {
    return (this.#text ??= this.format());
  }

  /** The string form, made afresh (`toString` keeps it). */
  protected format(): string {
    const node = (ZERO_NODE + this._node).slice(-16);
    return `${isoString(this._millis)}-${counterText(this._counter)}-${node}`;
  }

  /** An immutable copy that starts with this one's string form (no second formatting). */
  protected copy(): Timestamp {
    const copy = new Timestamp(this._millis, this._counter, this._node);
    copy.#text = this.toString();
    return copy;
  }

  /** Lets `<` and `>` compare timestamps by their sortable string form. */
  valueOf(): string {
    return this.toString();
  }

  /** MurmurHash3 (seed 0) of the string form: the value XORed into the merkle trie. */
  hash(): number {
    return (this.#hash ??= murmur3(this.toString()));
  }

  /** Drops the cached string and hash; `MutableTimestamp` calls it whenever a field changes. */
  protected changed(): void {
    this.#text = undefined;
    this.#hash = undefined;
  }

  /**
   * Reads a timestamp string. It accepts exactly what Actual accepts, so that a message Actual
   * takes in is never refused here: five `-`-separated parts, a date `Date.parse` understands
   * (not before 1970), a hex counter up to FFFF (`parseInt` rules) and a node of at most 16
   * characters. Non-canonical input therefore does not always print back unchanged.
   */
  static parse(timestamp: string | Timestamp): Timestamp | null {
    if (timestamp instanceof Timestamp) return timestamp;
    if (typeof timestamp !== 'string') return null;
    const printed = printedMillis(timestamp);
    if (printed !== null) {
      // The counter is four hex digits and the node the last 16 characters, by the shape.
      const counter = parseInt(timestamp.slice(25, 29), 16);
      const quick = new Timestamp(printed, counter, timestamp.slice(30));
      quick.#text = timestamp;
      return quick;
    }
    const parts = timestamp.split('-');
    if (parts.length !== 5) return null;
    const [year, month, rest, counterText, node] = parts as [
      string,
      string,
      string,
      string,
      string,
    ];
    const millis = Date.parse(`${year}-${month}-${rest}`);
    const counter = parseInt(counterText, 16);
    if (Number.isNaN(millis) || millis < 0) return null;
    if (Number.isNaN(counter) || counter > MAX_COUNTER) return null;
    if (node.length > MAX_NODE_LENGTH) return null;
    const parsed = new Timestamp(millis, counter, node);
    if (printsBack(timestamp, millis)) parsed.#text = timestamp;
    return parsed;
  }

  /**
   * The smallest timestamp string at a given instant, used as the `since` bound of a sync
   * request. The instant is normalised through `Date`, so the result is always 46 characters.
   */
  static since(isoString: string): string {
    const millis = Date.parse(isoString);
    if (Number.isNaN(millis)) throw new RangeError(`not a date: ${isoString}`);
    return new Timestamp(millis, 0, ZERO_NODE).toString();
  }

  static readonly zero: Timestamp = new Timestamp(0, 0, ZERO_NODE);
  static readonly max: Timestamp = new Timestamp(
    Date.UTC(9999, 11, 31, 23, 59, 59, 999),
    MAX_COUNTER,
    'FFFFFFFFFFFFFFFF',
  );
}

/**
 * The clock's own timestamp, advanced in place by `send` and `recv`. It keeps the printed
 * millisecond and node between calls: a burst of local writes shares them and only the
 * counter changes.
 */
export class MutableTimestamp extends Timestamp {
  #head: { millis: number; text: string } | undefined;
  #tail: string | undefined;

  static from(timestamp: Timestamp): MutableTimestamp {
    return new MutableTimestamp(timestamp.millis(), timestamp.counter(), timestamp.node());
  }

  setMillis(millis: number): void {
    checkMillis(millis);
    this._millis = millis;
    this.changed();
  }

  setCounter(counter: number): void {
    checkCounter(counter);
    this._counter = counter;
    this.changed();
  }

  setNode(node: string): void {
    checkNode(node);
    this._node = node;
    this.#tail = undefined;
    this.changed();
  }

  /** The current reading as an immutable `Timestamp` (what `send` hands out). */
  snapshot(): Timestamp {
    return this.copy();
  }

  protected override format(): string {
    if (this.#head?.millis !== this._millis) {
      this.#head = { millis: this._millis, text: `${isoString(this._millis)}-` };
    }
    this.#tail ??= `-${(ZERO_NODE + this._node).slice(-16)}`;
    // join makes one flat string; `+` makes a rope that the hash and SQLite flatten later, and
    // a large write keeps hundreds of thousands of these alive until it commits.
    return [this.#head.text, counterText(this._counter), this.#tail].join('');
  }
}

/**
 * A node id from a UUID: the last 16 hex digits, lower case. Callers pass the UUID in so the
 * randomness stays with the platform.
 */
export function makeClientId(uuid: string): string {
  const hex = uuid.replace(/-/g, '');
  if (!/^[0-9a-fA-F]{32}$/.test(hex)) throw new TypeError(`not a UUID: ${uuid}`);
  return hex.slice(-16).toLowerCase();
}

/**
 * Prints one node's timestamps from their millis and counter, exactly as `toString` does, with
 * no `Timestamp` made per reading: a bulk write keeps only each row's first (millis, counter)
 * and prints its cells' timestamps when it writes them to the log.
 */
export class TimestampPrinter {
  #head: { millis: number; text: string; hashed: number | null } | undefined;
  readonly #tail: string;
  /** The tail's blocks past the counter, mixed, and its last two bytes; null unless ASCII. */
  readonly #suffix: { blocks: readonly number[]; last: number } | null;

  constructor(readonly node: string) {
    checkNode(node);
    this.#tail = `-${(ZERO_NODE + node).slice(-16)}`;
    this.#suffix = isAscii(this.#tail) ? suffixOf(this.#tail) : null;
  }

  text(millis: number, counter: number): string {
    const head = this.headOf(millis);
    checkCounter(counter);
    return [head.text, counterText(counter), this.#tail].join('');
  }

  /**
   * `hashTimestampText(this.text(millis, counter))`, without the text: the state after the
   * date's 24 characters is kept per millisecond and the node's blocks are mixed once, so a
   * timestamp costs two blocks of its own (its counter's) instead of eleven and a scan.
   */
  hash(millis: number, counter: number): number {
    const head = this.headOf(millis);
    checkCounter(counter);
    const suffix = this.#suffix;
    if (head.hashed === null || suffix === null) return murmur3(this.text(millis, counter));
    const { mix, add } = murmurSteps;
    const tail = this.#tail;
    const c0 = hexCode(counter >> 12);
    const c1 = hexCode((counter >> 8) & 15);
    const c2 = hexCode((counter >> 4) & 15);
    const c3 = hexCode(counter & 15);
    // Characters 24-27: the head's closing '-' and three counter digits; 28-31: the last
    // digit and the tail's first three.
    let h = add(head.hashed, mix(0x2d | (c0 << 8) | (c1 << 16) | (c2 << 24)));
    h = add(
      h,
      mix(c3 | (tail.charCodeAt(0) << 8) | (tail.charCodeAt(1) << 16) | (tail.charCodeAt(2) << 24)),
    );
    for (const block of suffix.blocks) h = add(h, block);
    return murmurSteps.finish(h, suffix.last, TIMESTAMP_LENGTH);
  }

  private headOf(millis: number): { millis: number; text: string; hashed: number | null } {
    if (this.#head?.millis !== millis) {
      checkMillis(millis);
      const text = `${isoString(millis)}-`;
      // A four-digit year's date is 24 characters: six whole blocks.
      let hashed: number | null = null;
      if (text.length === 25) {
        hashed = 0;
        for (let at = 0; at < 24; at += 4) {
          hashed = murmurSteps.add(hashed, murmurSteps.mix(murmurSteps.block(text, at)));
        }
      }
      this.#head = { millis, text, hashed };
    }
    return this.#head;
  }
}

function isAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0x7f) return false;
  return true;
}

/** A timestamp's length with a four-digit year: 24 + '-' + 4 + '-' + 16. */
const TIMESTAMP_LENGTH = 46;

/** The character code of a hex digit as `counterText` prints it (upper case). */
const hexCode = (digit: number): number => (digit < 10 ? 48 + digit : 55 + digit);

/** The tail's characters 3-14 as three mixed blocks, and 15-16 as the mixed last bytes. */
function suffixOf(tail: string): { blocks: readonly number[]; last: number } {
  const blocks = [3, 7, 11].map((at) => murmurSteps.mix(murmurSteps.block(tail, at)));
  return { blocks, last: murmurSteps.mix(tail.charCodeAt(15) | (tail.charCodeAt(16) << 8)) };
}
