import { addDaysTo, formatDay } from '../recurrence/index.ts';
import { compileCondition } from './compile.ts';
import type { CompiledCondition, IdResolver, RuleErrorCode } from './types.ts';

/** An ActualQL filter object: `{field: value}`, `{field: {$op: value}}`, `$and`, `$or`. */
export type QueryFilter = Record<string, unknown>;

export interface FiltersResult {
  filters: QueryFilter[];
  /** The error code of every condition that was left out. */
  errors: RuleErrorCode[];
}

export interface FilterOptions {
  /** How many occurrences of a recurring date to expand into date filters (default 100). */
  recurDateBounds?: number;
  resolveId?: IdResolver;
}

/** Matches nothing: no transaction has a null id. */
const NOTHING: QueryFilter = { id: null };

function compare(cond: CompiledCondition, field: string, op: string, value: unknown): QueryFilter {
  switch (cond.type) {
    case 'number':
      if (cond.options?.outflow) {
        return {
          $and: [{ amount: { $lt: 0 } }, { [field]: { $transform: '$neg', [op]: value } }],
        };
      }
      if (cond.options?.inflow) {
        return { $and: [{ amount: { $gt: 0 } }, { [field]: { [op]: value } }] };
      }
      return { [field]: { [op]: value } };
    case 'string':
      return { [field]: { $transform: '$lower', [op]: value } };
    default:
      return { [field]: { [op]: value } };
  }
}

function dateRange(low: string, high: string): QueryFilter {
  return { $and: [{ date: { $gte: low } }, { date: { $lte: high } }] };
}

function dateFilter(cond: CompiledCondition, bounds: number): QueryFilter {
  const v = cond.value;
  if (v.kind === 'recur') {
    // Raw and weekend-moved days both count as occurrences, as when evaluating.
    const days = new Set<string>();
    for (const raw of v.recurrence.takeRaw(v.recurrence.config.startDay, bounds)) {
      days.add(formatDay(raw));
      days.add(formatDay(v.recurrence.adjust(raw)));
    }
    return {
      $or: [...days].map((d) =>
        cond.op === 'isapprox' ? dateRange(addDaysTo(d, -2), addDaysTo(d, 2)) : { date: d },
      ),
    };
  }
  if (v.kind !== 'day' && v.kind !== 'month' && v.kind !== 'year') return NOTHING;
  switch (cond.op) {
    case 'is':
      // Months and years match by prefix; the bounds sort around every real day.
      if (v.kind === 'month') return dateRange(`${v.date}-00`, `${v.date}-99`);
      if (v.kind === 'year') return dateRange(`${v.date}-00-00`, `${v.date}-99-99`);
      return { date: v.date };
    case 'isapprox':
      return dateRange(addDaysTo(v.date, -2), addDaysTo(v.date, 2));
    default:
      return { date: { [`$${cond.op}`]: v.date } };
  }
}

function conditionFilter(cond: CompiledCondition, bounds: number): QueryFilter {
  const { field, op, value: v } = cond;
  if (cond.type === 'date') return dateFilter(cond, bounds);
  if (cond.type === 'number') {
    if (v.kind === 'between') {
      return { $and: [compare(cond, field, '$gte', v.low), compare(cond, field, '$lte', v.high)] };
    }
    if (v.kind !== 'number') return NOTHING;
    if (op === 'isapprox') {
      return {
        $and: [
          compare(cond, field, '$gte', v.approxLow),
          compare(cond, field, '$lte', v.approxHigh),
        ],
      };
    }
    return compare(cond, field, op === 'is' ? '$eq' : `$${op}`, v.number);
  }
  if (cond.type === 'boolean') return compare(cond, field, '$eq', v.kind === 'boolean' && v.value);
  if (v.kind === 'tags') {
    // Exact names, as Actual's filters compare them (its rules ignore case).
    if (op === 'hasAnyTag') return { $or: v.tags.map((tag) => ({ [field]: { $hastag: tag } })) };
    const test = op === 'doesNotHaveTags' ? '$nothastag' : '$hastag';
    return { $and: v.tags.map((tag) => ({ [field]: { [test]: tag } })) };
  }

  const scalar = v.kind === 'text' ? v.text : v.kind === 'id' ? v.id : null;
  const list = v.kind === 'texts' ? v.texts : v.kind === 'ids' ? v.ids : [];
  switch (op) {
    case 'is':
      return compare(cond, field, '$eq', scalar);
    case 'isNot':
      return compare(cond, field, '$ne', scalar);
    case 'contains':
    case 'doesNotContain': {
      // On an id field this reaches into the referenced row's name.
      const target = cond.type === 'id' ? `${field}.name` : field;
      return compare(cond, target, op === 'contains' ? '$like' : '$notlike', `%${scalar}%`);
    }
    case 'oneOf':
      return list.length === 0 ? NOTHING : compare(cond, field, '$oneof', [...list]);
    case 'notOneOf':
      return list.length === 0
        ? NOTHING
        : { $and: list.map((item) => compare(cond, field, '$ne', item)) };
    default:
      return NOTHING;
  }
}

/**
 * The inverse of running a rule: query filters that find the transactions its conditions
 * match (`make-filters-from-conditions`). Invalid conditions are left out and their error
 * codes returned. The caller combines the filters with `$and` or `$or` per conditionsOp.
 */
export function makeFiltersFromConditions(
  conditions: readonly unknown[],
  options: FilterOptions = {},
): FiltersResult {
  const bounds = options.recurDateBounds ?? 100;
  const filters: QueryFilter[] = [];
  const errors: RuleErrorCode[] = [];
  for (const raw of conditions) {
    const compiled = compileCondition(raw, options.resolveId);
    if (compiled.ok) filters.push(conditionFilter(compiled.value, bounds));
    else errors.push(compiled.error);
  }
  return { filters, errors };
}
