/** Cell values and the 'sheet!name' naming of cells. */

export type CellValue = number | boolean | string | null;
export type Compute = (values: readonly CellValue[]) => CellValue;

export interface CellChange {
  name: string;
  value: CellValue;
}

export type ChangeListener = (changes: readonly CellChange[]) => void;

export function splitName(name: string): { sheet: string; cell: string } {
  const i = name.indexOf('!');
  if (i < 0) throw new Error(`cell name without a sheet: ${name}`);
  return { sheet: name.slice(0, i), cell: name.slice(i + 1) };
}

export function cellName(sheet: string, cell: string): string {
  return `${sheet}!${cell}`;
}
