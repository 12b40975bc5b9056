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

/** Every descendant with the name, in document order (iterative: files can nest deeply). */
export function findAll(root: XNode, name: string): XNode[] {
  const found: XNode[] = [];
  const stack: XNode[] = [...root.children].reverse();
  while (stack.length > 0) {
    const node = stack.pop() as XNode;
    if (node.name === name) found.push(node);
    for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i] as XNode);
  }
  return found;
}

/** Counts line breaks in text[from, to) so scanners can report lines cheaply. */
export function countLines(text: string, from: number, to: number): number {
  let n = 0;
  for (let i = text.indexOf('\n', from); i >= 0 && i < to; i = text.indexOf('\n', i + 1)) n++;
  return n;
}
