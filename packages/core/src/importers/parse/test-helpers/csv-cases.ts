import { expect } from 'vitest';
import type { CsvMapping, CsvMappingOptions } from '../csv-mapping.ts';
import { applyCsvMapping } from '../csv-mapping.ts';
import { parseFile } from '../parse-file.ts';
import type { CsvResult, ParseFileOptions } from '../types.ts';
import type { Summary } from './fixtures.ts';
import { fixtureBytes, summarise } from './fixtures.ts';

/** Parses a CSV fixture and asserts it parsed cleanly. */
export function rows(
  file: string,
  options: ParseFileOptions = {},
  bytes = fixtureBytes(file),
): CsvResult {
  const result = parseFile(bytes, file, options);
  expect(result.format).toBe('csv');
  expect(result.errors).toEqual([]);
  return result as CsvResult;
}

/** A CSV fixture, how the user would map it, and what the file says it holds. */
export interface CsvCase {
  file: string;
  parse?: ParseFileOptions;
  rows: number;
  mapping: CsvMapping;
  options: CsvMappingOptions;
  expected: Summary;
}

export function checkCase(c: CsvCase): void {
  const parsed = rows(c.file, c.parse);
  expect(parsed.transactions).toHaveLength(c.rows);
  const mapped = applyCsvMapping(parsed.transactions, c.mapping, c.options, parsed.lines);
  expect(mapped.errors).toEqual([]);
  expect(summarise(mapped.transactions)).toEqual(c.expected);
}
