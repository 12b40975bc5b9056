/**
 * Tiny argument validators for the handler edge. A validator checks an unknown value and
 * returns a problem description (or null), and carries the type it proves, so a handler's
 * `args` type is inferred from its validator.
 */
export interface Validator<T> {
  check(value: unknown, path: string): string | null;
  /** Phantom: the validated type. */
  readonly _type?: T;
}

export type Infer<V> = V extends Validator<infer T> ? T : never;

type Simplify<T> = { [K in keyof T]: T[K] };

const make = <T>(check: (value: unknown, path: string) => string | null): Validator<T> => ({
  check,
});

const describe = (value: unknown): string =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;

const expect = (ok: boolean, path: string, what: string, value: unknown): string | null =>
  ok ? null : `${path || 'args'} should be ${what}, got ${describe(value)}`;

export const v = {
  string: (): Validator<string> => make((x, p) => expect(typeof x === 'string', p, 'a string', x)),
  number: (): Validator<number> =>
    make((x, p) => expect(typeof x === 'number' && Number.isFinite(x), p, 'a number', x)),
  integer: (): Validator<number> => make((x, p) => expect(Number.isInteger(x), p, 'an integer', x)),
  boolean: (): Validator<boolean> =>
    make((x, p) => expect(typeof x === 'boolean', p, 'a boolean', x)),
  unknown: (): Validator<unknown> => make(() => null),
  literal: <const L extends string | number | boolean>(...options: L[]): Validator<L> =>
    make((x, p) => expect(options.includes(x as L), p, `one of ${options.join(', ')}`, x)),
  optional: <T>(inner: Validator<T>): Validator<T | undefined> =>
    make((x, p) => (x === undefined ? null : inner.check(x, p))),
  nullable: <T>(inner: Validator<T>): Validator<T | null> =>
    make((x, p) => (x === null ? null : inner.check(x, p))),
  /** A value of either shape (a string or an object, say); the first shape's problem if neither. */
  either: <A, B>(first: Validator<A>, second: Validator<B>): Validator<A | B> =>
    make((x, p) => {
      const problem = first.check(x, p);
      return problem === null || second.check(x, p) === null ? null : problem;
    }),
  array: <T>(inner: Validator<T>): Validator<T[]> =>
    make((x, p) => {
      if (!Array.isArray(x)) return expect(false, p, 'an array', x);
      // An element's path is spelt out only once it has a problem (checked again with it): a
      // path per element was a string per row of a 50,000-row import.
      for (let i = 0; i < x.length; i++) {
        if (inner.check(x[i], '') !== null) return inner.check(x[i], `${p}[${i}]`);
      }
      return null;
    }),
  /** An object with these fields (extra fields are allowed and ignored). */
  object: <S extends Record<string, Validator<unknown>>>(
    shape: S,
  ): Validator<
    Simplify<
      { [K in keyof S as undefined extends Infer<S[K]> ? never : K]: Infer<S[K]> } & {
        [K in keyof S as undefined extends Infer<S[K]> ? K : never]?: Infer<S[K]>;
      }
    >
  > => {
    // Listed once, not once per object checked.
    const fields = Object.entries(shape);
    return make((x, p) => {
      if (typeof x !== 'object' || x === null || Array.isArray(x)) {
        return expect(false, p, 'an object', x);
      }
      for (let f = 0; f < fields.length; f++) {
        const [key, inner] = fields[f]!;
        const problem = inner.check((x as Record<string, unknown>)[key], p ? `${p}.${key}` : key);
        if (problem) return problem;
      }
      return null;
    });
  },
};
