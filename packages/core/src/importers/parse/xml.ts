import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { TreeResult } from './sgml.ts';
import { lineError } from './types.ts';
import type { XNode } from './tree.ts';
import { countLines, newNode } from './tree.ts';

type OrderedItem = Record<string, unknown>;

function localName(name: string): string {
  const colon = name.lastIndexOf(':');
  return colon >= 0 ? name.slice(colon + 1) : name;
}

/** Blanks comments and CDATA (keeping line breaks) so tag scanning sees only real tags. */
function maskNonMarkup(text: string): string {
  return text.replace(/<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>/g, (m) => m.replace(/[^\n]/g, ' '));
}

/** Lines of each element's start tags, per local name, in document order. */
function startTagLines(text: string): Map<string, number[]> {
  const lines = new Map<string, number[]>();
  const masked = maskNonMarkup(text);
  let line = 1;
  let last = 0;
  for (const m of masked.matchAll(/<([A-Za-z_][\w.:-]*)(?=[\s/>])/g)) {
    line += countLines(masked, last, m.index);
    last = m.index;
    const name = localName(m[1] ?? '');
    const list = lines.get(name) ?? [];
    list.push(line);
    lines.set(name, list);
  }
  return lines;
}

/**
 * Parses well-formed XML into the same tree shape the SGML reader builds, with namespace
 * prefixes removed and each element's start line. Malformed XML is an error naming the line.
 * `upperCase` normalises names for OFX, whose tags are case-insensitive in practice.
 */
export function parseXml(text: string, upperCase = false): TreeResult {
  let items: OrderedItem[];
  try {
    const valid = XMLValidator.validate(text, { allowBooleanAttributes: true });
    if (valid !== true)
      return { error: lineError(`Invalid XML: ${valid.err.msg}`, valid.err.line) };
    const parser = new XMLParser({
      preserveOrder: true,
      ignoreAttributes: true,
      removeNSPrefix: true,
      parseTagValue: false,
      trimValues: true,
      processEntities: false,
      ignoreDeclaration: true,
      ignorePiTags: true,
    });
    items = parser.parse(text) as OrderedItem[];
  } catch (e) {
    // The library throws on input its validator let through; that is bad input, not a bug here.
    return { error: { message: `Invalid XML: ${e instanceof Error ? e.message : String(e)}` } };
  }
  const lines = startTagLines(text);
  const taken = new Map<string, number>();
  const root = newNode('#root', 1);
  const frames: { items: OrderedItem[]; index: number; node: XNode }[] = [
    { items, index: 0, node: root },
  ];
  while (frames.length > 0) {
    const frame = frames[frames.length - 1] as (typeof frames)[number];
    const item = frame.items[frame.index++];
    if (item === undefined) {
      frames.pop();
      continue;
    }
    for (const [key, value] of Object.entries(item)) {
      if (key === ':@') continue;
      if (key === '#text') {
        frame.node.text += String(value);
        continue;
      }
      const name = localName(key);
      const seen = taken.get(name) ?? 0;
      taken.set(name, seen + 1);
      const node = newNode(upperCase ? name.toUpperCase() : name, lines.get(name)?.[seen] ?? 0);
      frame.node.children.push(node);
      if (Array.isArray(value)) frames.push({ items: value as OrderedItem[], index: 0, node });
    }
  }
  return { root };
}
