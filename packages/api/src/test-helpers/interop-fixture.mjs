// One script, run unchanged against Coffer's api and against @actual-app/api: it builds a
// small budget (on- and off-budget accounts, a closed account, groups and categories, payees,
// plain transactions, a split, transfers) and reads everything back through the public API.
// Plain JavaScript so a child process can run it against Actual without a TypeScript loader.

/** Builds the budget in the open (empty) budget of `api`. */
export async function buildFixture(api) {
  const checking = await api.createAccount({ name: 'Checking' }, 150000);
  const savings = await api.createAccount({ name: 'Savings' }, 500000);
  const brokerage = await api.createAccount({ name: 'Brokerage', offbudget: true }, 1000000);
  const oldCard = await api.createAccount({ name: 'Old Card' });

  const household = await api.createCategoryGroup({ name: 'Household' });
  const rent = await api.createCategory({ name: 'Rent', group_id: household });
  const utilities = await api.createCategory({ name: 'Utilities', group_id: household });
  const fun = await api.createCategoryGroup({ name: 'Fun' });
  const games = await api.createCategory({ name: 'Games', group_id: fun });
  await api.updateCategory(games, { name: 'Board Games' });
  await api.updateCategoryGroup(fun, { name: 'Leisure' });
  const income = (await api.getCategories()).find((c) => c.is_income && c.name === 'Income');

  const landlord = await api.createPayee({ name: 'Landlord' });
  const power = await api.createPayee({ name: 'Power Co' });
  const powerDup = await api.createPayee({ name: 'POWER COMPANY' });
  await api.mergePayees(power, [powerDup]);
  await api.updatePayee(landlord, { name: 'The Landlord' });

  await api.createRule({
    stage: null,
    conditionsOp: 'and',
    conditions: [{ op: 'is', field: 'payee', value: landlord, type: 'id' }],
    actions: [{ op: 'set', field: 'category', value: rent, type: 'id' }],
  });
  await api.createRule({
    stage: 'pre',
    conditionsOp: 'or',
    conditions: [{ op: 'contains', field: 'imported_payee', value: 'MARKET', type: 'string' }],
    actions: [{ op: 'set', field: 'notes', value: 'from a rule', type: 'string' }],
  });

  const payees = await api.getPayees();
  const transferTo = (acct) => payees.find((p) => p.transfer_acct === acct).id;

  await api.addTransactions(checking, [
    { date: '2024-01-03', amount: -120000, payee: landlord, notes: 'January' },
    { date: '2024-01-05', amount: -8000, payee: power, category: utilities, cleared: false },
    {
      date: '2024-01-07',
      amount: -9000,
      payee_name: 'Market',
      notes: 'weekly shop',
      subtransactions: [
        { amount: -6000, category: games },
        { amount: -3000, category: utilities, notes: 'bulbs' },
      ],
    },
    {
      date: '2024-01-15',
      amount: 300000,
      payee_name: 'Employer',
      category: income.id,
      imported_id: 'pay-2024-01',
    },
    { date: '2024-01-16', amount: -999, payee_name: 'Mistake' },
  ]);
  await api.addTransactions(
    checking,
    [
      { date: '2024-01-10', amount: -25000, payee: transferTo(savings), notes: 'to savings' },
      { date: '2024-01-12', amount: -10000, payee: transferTo(brokerage), category: games },
    ],
    { runTransfers: true },
  );
  await api.importTransactions(checking, [
    { date: '2024-01-21', amount: -4200, payee_name: 'corner cafe', imported_id: 'bank-77' },
    { date: '2024-01-15', amount: 300000, payee_name: 'Employer', imported_id: 'pay-2024-01' },
  ]);
  await api.addTransactions(brokerage, [
    { date: '2024-01-20', amount: 5000, payee_name: 'Dividend', notes: 'Q4' },
  ]);
  await api.addTransactions(oldCard, [
    { date: '2024-01-02', amount: 700, payee_name: 'Refund' },
    { date: '2024-01-02', amount: -700, payee_name: 'Refund' },
  ]);
  await api.closeAccount(oldCard);

  const rows = await api.getTransactions(checking);
  const mistake = rows.find((t) => t.amount === -999);
  await api.deleteTransaction(mistake.id);
  const rentTx = rows.find((t) => t.notes === 'January');
  await api.updateTransaction(rentTx.id, { notes: 'January rent', amount: -121000 });
  return { accounts: [checking, savings, brokerage, oldCard] };
}

/** Everything a script can read back, in the API's shapes. */
export async function dumpBudget(api) {
  const accounts = await api.getAccounts();
  const out = {
    accounts,
    categories: await api.getCategories(),
    categoryGroups: await api.getCategoryGroups(),
    payees: await api.getPayees(),
    rules: await api.getRules(),
    allTransactions: await api.getTransactions(),
    transactions: {},
    inJanuary: {},
    balances: {},
  };
  for (const { id } of accounts) {
    out.transactions[id] = await api.getTransactions(id);
    out.inJanuary[id] = await api.getTransactions(id, '2024-01-05', '2024-01-12');
    out.balances[id] = {
      midJanuary: await api.getAccountBalance(id, new Date(2024, 0, 10)),
      today: await api.getAccountBalance(id),
    };
  }
  return out;
}
