/**
 * Title case for imported payee names, following the rules Actual's importer uses so the same
 * file gives the same payee names in both apps: every word is capitalised except small words
 * (articles, conjunctions, prepositions) in the middle of a phrase; the first word of the
 * text, or after sentence punctuation, is always capitalised; a few product names keep their
 * usual spelling.
 */

const SMALL_WORDS: ReadonlySet<string> = new Set(
  [
    // conjunctions
    'for and nor but or yet so',
    // articles
    'a an the',
    // prepositions
    'aboard about above across after against along amid among anti around as at before behind',
    'below beneath beside besides between beyond but by concerning considering despite down',
    'during except excepting excluding following for from in inside into like minus near of',
    'off on onto opposite over past per plus regarding round save since than through to toward',
    'towards under underneath unlike until up upon versus via with within without',
  ]
    .join(' ')
    .split(' '),
);

const SPECIAL_SPELLINGS: readonly string[] = [
  'CLI',
  'API',
  'HTTP',
  'HTTPS',
  'JSX',
  'DNS',
  'URL',
  'CI',
  'CDN',
  'GitHub',
  'CSS',
  'JS',
  'JavaScript',
  'TypeScript',
  'HTML',
  'WordPress',
  'Next.js',
  'Node.js',
];

const SPECIAL_PATTERNS = SPECIAL_SPELLINGS.map(
  (word) => [new RegExp(`\\b${word.replace(/\./g, '\\.')}\\b`, 'gi'), word] as const,
);

/** Punctuation after which a word starts a new phrase. */
const PHRASE_BREAKS = new Set(['.', '(', ')', '!', '?', ';', ':', '"', '-']);
const APOSTROPHES = new Set(["'", '\u2019']);
const WORD_CHAR = /[\p{L}\p{Nd}]/u;
const SPACE = /\s/;

const isWordChar = (c: string | undefined) => c !== undefined && WORD_CHAR.test(c);
const isSpace = (c: string | undefined) => c !== undefined && SPACE.test(c);

/** Where the word starting at `start` ends: letters, then apostrophes, then letters. */
function wordEnd(text: string, start: number): number {
  let i = start + 1;
  while (isWordChar(text[i])) i++;
  while (APOSTROPHES.has(text[i] ?? '')) i++;
  while (isWordChar(text[i])) i++;
  return i;
}

type Lead = 'phrase' | 'bracketed' | 'none';

/**
 * What precedes a word (looking back past whitespace, but not into the previous word):
 * the start of the text or phrase punctuation starts a phrase; an opening bracket glued to
 * the previous text leaves the word exactly as it is.
 */
function leadOf(text: string, start: number, floor: number): Lead {
  let k = start - 1;
  while (k >= floor && isSpace(text[k])) k--;
  if (k < 0) return 'phrase';
  if (k < floor || !PHRASE_BREAKS.has(text[k]!)) return 'none';
  const spaced = k - 1 >= floor && isSpace(text[k - 1]);
  return !spaced && (text[k] === '(' || text[k] === ')') ? 'bracketed' : 'phrase';
}

export function titleCase(input: string): string {
  const text = input.toLowerCase();
  let out = '';
  let i = 0;
  // Where the previous word ended: punctuation before it belongs to the gap, not the word.
  let floor = 0;
  while (i < text.length) {
    if (!isWordChar(text[i])) {
      out += text[i];
      i++;
      continue;
    }
    const end = wordEnd(text, i);
    const word = text.slice(i, end);
    const lead = leadOf(text, i, floor);
    if (lead === 'bracketed' || (lead === 'none' && SMALL_WORDS.has(word))) out += word;
    else out += word[0]!.toUpperCase() + word.slice(1);
    i = end;
    floor = end;
  }
  for (const [pattern, spelling] of SPECIAL_PATTERNS) out = out.replace(pattern, spelling);
  return out;
}
