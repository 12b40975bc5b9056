import { decodeEntities } from './entities.ts';

/** An element of a parsed OFX or CAMT document: what the extractors walk. */
export interface XNode {
  name: string;
  /** Raw character data directly inside the element (entities still encoded). */
  text: string;
  children: XNode[];
  /** 1-based line of the element's start tag (0 when unknown). */
  line: number;
}

export function newNode(name: string, line: number): XNode {
  return { name, text: '', children: [], line };
}

export function kids(node: XNode | undefined, name: string): XNode[] {
  return node ? node.children.filter((c) => c.name === name) : [];
}

export function kid(node: XNode | undefined, name: string): XNode | undefined {
  return node?.children.find((c) => c.name === name);
}

export function path(node: XNode | undefined, ...names: string[]): XNode | undefined {
  let current = node;
  for (const name of names) current = kid(current, name);
  return current;
}

/** Decoded, trimmed text of the element at the path; '' when absent. */
export function textAt(node: XNode | undefined, ...names: string[]): string {
  const target = path(node, ...names);
  return target ? decodeEntities(target.text).trim() : '';
}

/**
 * Every descendant with one of the names, grouped by name, each in document order, in one
 * walk (iterative: files can nest deeply).
 */
export function collect(root: XNode, names: readonly string[]): Map<string, XNode[]> {
  const found = new Map<string, XNode[]>(names.map((n) => [n, []]));
  const stack: XNode[] = [];
  for (let i = root.children.length - 1; i >= 0; i--) stack.push(root.children[i] as XNode);
  while (stack.length > 0) {
    const node = stack.pop() as XNode;
    found.get(node.name)?.push(node);
    for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i] as XNode);
  }
  return found;
}

/** Every descendant with the name, in document order. */
export function findAll(root: XNode, name: string): XNode[] {
  return collect(root, [name]).get(name) ?? [];
}

/** Counts line breaks in text[from, to) so scanners can report lines cheaply. */
export function countLines(text: string, from: number, to: number): number {
  let n = 0;
  // A plain loop: indexOf would search past `to` on long single-line files, making scans quadratic.
  for (let i = from; i < to; i++) if (text.charCodeAt(i) === 10) n++;
  return n;
}
