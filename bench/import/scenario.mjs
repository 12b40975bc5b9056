// The benchmark's import, the same for both apps: 200 payees, 20 categories, 50 rules, an
// account already holding 30% of the file's transactions (half of them known by the bank's
// id, half only by date and amount), and the file itself. Seeded, so every run is the same.

const PAYEES = 200;
const CATEGORIES = 20;
const RULES = 50;
const OVERLAP = 0.3;

function generator(seed) {
  let state = seed >>> 0 || 1;
  const rand = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (lo, hi) => lo + Math.floor(rand() * (hi - lo + 1));
  return { rand, int, pick: (list) => list[Math.floor(rand() * list.length)] };
}

const pad = (n) => String(n).padStart(2, '0');
const dayString = (offset) => {
  const d = new Date(Date.UTC(2022, 0, 1) + offset * 86_400_000);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
};

/** Rules by name: `@payee:Name` and `@category:Name` become ids on each side. */
function makeRules(r, payees, categories) {
  const rules = [];
  for (let i = 0; i < RULES; i++) {
    const payee = payees[i * 3];
    const category = categories[i % categories.length];
    switch (i % 5) {
      case 0: // rename what the bank writes into a payee
        rules.push({
          stage: 'pre',
          conditionsOp: 'and',
          conditions: [
            {
              field: 'imported_payee',
              op: 'oneOf',
              value: [`POS ${payee}`.toLowerCase(), `${payee} ONLINE`],
            },
          ],
          actions: [{ op: 'set', field: 'payee', value: `@payee:${payee}` }],
        });
        break;
      case 1:
      case 2: // a payee's category
        rules.push({
          stage: null,
          conditionsOp: 'and',
          conditions: [{ field: 'payee', op: 'is', value: `@payee:${payee}` }],
          actions: [{ op: 'set', field: 'category', value: `@category:${category}` }],
        });
        break;
      case 3: // text in the bank's description
        rules.push({
          stage: null,
          conditionsOp: 'and',
          conditions: [{ field: 'imported_payee', op: 'contains', value: `${payee.slice(-3)}` }],
          actions: [{ op: 'set', field: 'notes', value: `tagged ${i}` }],
        });
        break;
      default: // amount ranges
        rules.push({
          stage: 'post',
          conditionsOp: 'and',
          conditions: [
            {
              field: 'amount',
              op: 'isbetween',
              value: { num1: -r.int(1000, 5000) * 100, num2: -r.int(100, 999) * 100 },
            },
            {
              field: 'payee',
              op: 'oneOf',
              value: [`@payee:${payee}`, `@payee:${payees[i * 3 + 1]}`],
            },
          ],
          actions: [{ op: 'set', field: 'category', value: `@category:${category}` }],
        });
    }
  }
  return rules;
}

/** The benchmark's data for an import of `count` transactions. */
export function makeScenario(count, seed = 20230806) {
  const r = generator(seed);
  const payees = Array.from({ length: PAYEES }, (_, i) => `Merchant ${String(i).padStart(3, '0')}`);
  const categories = Array.from({ length: CATEGORIES }, (_, i) => `Category ${i}`);
  const rules = makeRules(r, payees, categories);
  const bankName = (payee) => {
    const v = r.int(0, 3);
    return v === 0
      ? payee.toUpperCase()
      : v === 1
        ? `POS ${payee}`
        : v === 2
          ? `${payee} ONLINE`
          : payee;
  };

  const overlap = Math.round(count * OVERLAP);
  const existing = [];
  const incoming = [];
  for (let i = 0; i < count; i++) {
    const payee = r.pick(payees);
    const tx = {
      date: dayString(r.int(0, 729)),
      amount: -r.int(100, 500_000),
      payee_name: bankName(payee),
      imported_id: `bank-${i}`,
      notes: r.rand() < 0.2 ? `memo ${i}` : undefined,
    };
    if (tx.notes === undefined) delete tx.notes;
    incoming.push(tx);
    if (i < overlap) {
      // Already in the account, entered by hand or by an earlier import.
      const known = { date: tx.date, amount: tx.amount, payee_name: payee };
      if (i % 2 === 0) known.imported_id = tx.imported_id;
      existing.push(known);
    }
  }
  // A file lists transactions in date order, not in the order they were entered.
  incoming.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  return { payees, categories, rules, existing, incoming };
}

/** Replaces `@payee:Name` / `@category:Name` with ids, anywhere in a JSON-like value. */
export function resolveNames(value, ids) {
  if (typeof value === 'string') {
    const m = /^@(payee|category):(.*)$/.exec(value);
    if (!m) return value;
    const id = ids[m[1]].get(m[2]);
    if (!id) throw new Error(`Unknown ${value}`);
    return id;
  }
  if (Array.isArray(value)) return value.map((v) => resolveNames(v, ids));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolveNames(v, ids)]));
  }
  return value;
}
