import type { ParseError } from './types.ts';
import { lineError } from './types.ts';
import type { XNode } from './tree.ts';
import { countLines, newNode } from './tree.ts';

/** Real OFX nests about ten deep; anything far deeper is garbage, not a statement. */
export const MAX_DEPTH = 200;

export type TreeResult = { root: XNode; error?: undefined } | { error: ParseError };

/**
 * Builds a tree from OFX 1.x SGML, which leaves value elements unclosed (`<CODE>0`), closes
 * them anyway in some files (`<CODE>0</CODE>`), mixes both, or puts everything on one line.
 * An element holding text is a value and ends at the next tag. An empty element is a
 * container only if its name is closed somewhere in the file; otherwise it is an empty value
 * (`<BALAMT>` with nothing after it); `containers` names elements known to be containers
 * even when a file never closes them. A stray closing tag is ignored; a closing tag for an
 * outer element closes everything opened inside it. Element names are upper-cased.
 */
export function parseSgml(text: string, containers: ReadonlySet<string> = new Set()): TreeResult {
  const closed = new Set<string>();
  for (const m of text.matchAll(/<\/\s*([A-Za-z][A-Za-z0-9._:-]*)\s*>/g)) {
    closed.add((m[1] ?? '').toUpperCase());
  }
  const root = newNode('#root', 1);
  const stack: XNode[] = [root];
  let line = 1;
  let pos = 0;
  const top = (): XNode => stack[stack.length - 1] as XNode;

  const addText = (chunk: string): void => {
    const node = top();
    // Whitespace between tags is layout; values are trimmed anyway.
    if (node !== root && node.children.length === 0 && NON_SPACE.test(chunk)) node.text += chunk;
  };

  while (pos < text.length) {
    const lt = text.indexOf('<', pos);
    const end = lt < 0 ? text.length : lt;
    if (end > pos) {
      addText(text.slice(pos, end));
      line += countLines(text, pos, end);
      pos = end;
    }
    if (lt < 0) break;
    const next = text.charCodeAt(lt + 1);
    let close: number;
    if (next === BANG && text.startsWith('<!--', lt)) {
      close = text.indexOf('-->', lt + 4);
      close = close < 0 ? text.length : close + 3;
    } else if (next === BANG || next === QUESTION) {
      close = text.indexOf('>', lt);
      close = close < 0 ? text.length : close + 1;
    } else if (next === SLASH || isLetter(next)) {
      const gt = text.indexOf('>', lt);
      const nextLt = text.indexOf('<', lt + 1);
      if (gt < 0 || (nextLt >= 0 && nextLt < gt)) {
        addText('<');
        pos = lt + 1;
        continue;
      }
      close = gt + 1;
      if (next === SLASH) {
        closeTag(tagName(text, lt + 2, gt), stack);
      } else {
        const failure = openTag(tagName(text, lt + 1, gt), selfClosing(text, lt, gt), line);
        if (failure) return { error: failure };
      }
    } else {
      addText('<');
      pos = lt + 1;
      continue;
    }
    line += countLines(text, lt, close);
    pos = close;
  }
  return { root };

  function openTag(name: string, empty: boolean, at: number): ParseError | null {
    if (name === '') return null;
    const current = top();
    if (current !== root && current.children.length === 0) {
      const container = closed.has(current.name) || containers.has(current.name);
      if (current.text !== '' || !container) stack.pop();
    }
    if (stack.length > MAX_DEPTH) return lineError('File is nested too deeply', at);
    const node = newNode(name, at);
    top().children.push(node);
    if (!empty) stack.push(node);
    return null;
  }
}

const BANG = 0x21;
const QUESTION = 0x3f;
const SLASH = 0x2f;
const NON_SPACE = /\S/;

function isLetter(code: number): boolean {
  return (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a);
}

function isNameChar(code: number): boolean {
  // Letters, digits and . _ : -
  return (
    isLetter(code) ||
    (code >= 0x30 && code <= 0x3a) ||
    code === 0x2e ||
    code === 0x5f ||
    code === 0x2d
  );
}

/** The upper-cased element name at text[from, to), after optional spaces; '' if none. */
function tagName(text: string, from: number, to: number): string {
  let start = from;
  while (start < to && text.charCodeAt(start) <= 0x20) start++;
  if (!isLetter(text.charCodeAt(start))) return '';
  let end = start + 1;
  while (end < to && isNameChar(text.charCodeAt(end))) end++;
  return text.slice(start, end).toUpperCase();
}

function selfClosing(text: string, lt: number, gt: number): boolean {
  let i = gt - 1;
  while (i > lt && text.charCodeAt(i) <= 0x20) i--;
  return text.charCodeAt(i) === SLASH;
}

function closeTag(name: string, stack: XNode[]): void {
  for (let i = stack.length - 1; i > 0; i--) {
    if ((stack[i] as XNode).name === name) {
      stack.length = i;
      return;
    }
  }
}
