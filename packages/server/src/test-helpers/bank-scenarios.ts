/**
 * The accounts the SimpleFIN and Enable Banking fakes hold in the tests and the interop suite:
 * one scenario, so Coffer's server and Actual's answer the same data.
 */
import type { FakeEnableBanking } from './fake-enablebanking.ts';
import type { FakeSimpleFin } from './fake-simplefin.ts';

const at = (iso: string) => Date.parse(iso) / 1000;

export function fillSimpleFin(fake: FakeSimpleFin): void {
  fake.accounts.push(
    {
      id: 'ACT-checking',
      name: 'Everyday Checking',
      currency: 'USD',
      balance: '1520.35',
      'available-balance': '1500.00',
      'balance-date': at('2024-03-20T12:00:00Z'),
      org: {
        domain: 'mybank.example',
        name: 'My Bank',
        'sfin-url': 'https://sfin.mybank.example/',
        id: 'org-mybank',
      },
      transactions: [
        {
          id: 'TRN-old',
          posted: at('2024-02-20T10:00:00Z'),
          amount: '-5.00',
          description: 'BEFORE THE WINDOW',
          payee: 'Old Shop',
        },
        {
          id: 'TRN-coffee',
          posted: at('2024-03-02T15:00:00Z'),
          transacted_at: at('2024-03-01T08:30:00Z'),
          amount: '-12.50',
          description: 'COFFEE SHOP #12',
          payee: 'Coffee Shop',
        },
        {
          id: 'TRN-pay',
          posted: at('2024-03-05T06:00:00Z'),
          amount: '2500.00',
          description: 'ACME PAYROLL',
          payee: 'Acme',
        },
        {
          id: 'TRN-gas',
          posted: 0,
          transacted_at: at('2024-03-19T18:00:00Z'),
          amount: '-45.10',
          description: 'GAS STATION 44',
          payee: 'Gas Station',
          pending: true,
        },
      ],
    },
    {
      id: 'ACT-savings',
      name: 'Savings',
      currency: 'USD',
      balance: '10000.04',
      'balance-date': at('2024-03-20T12:00:00Z'),
      org: {
        domain: 'othercu.example',
        name: 'Other CU',
        'sfin-url': 'https://sfin.othercu.example/',
      },
      transactions: [
        {
          id: 'TRN-interest',
          posted: at('2024-03-15T00:00:00Z'),
          amount: '4.12',
          description: 'INTEREST',
          payee: 'Other CU',
        },
      ],
    },
  );
}

export function fillEnableBanking(fake: FakeEnableBanking): void {
  fake.accounts.set('eb-acc-main', {
    uid: 'eb-acc-main',
    account_id: { iban: 'FI2112345600000785' },
    name: 'Käyttötili',
    currency: 'EUR',
    cash_account_type: 'CACC',
    balances: [
      {
        name: 'Interim',
        balance_amount: { currency: 'EUR', amount: '980.10' },
        balance_type: 'ITAV',
        reference_date: '2024-03-20',
      },
      {
        name: 'Closing',
        balance_amount: { currency: 'EUR', amount: '1000.55' },
        balance_type: 'CLAV',
        reference_date: '2024-03-20',
      },
    ],
    transactions: [
      {
        entry_reference: 'eb-t1',
        transaction_amount: { currency: 'EUR', amount: '20.25' },
        credit_debit_indicator: 'DBIT',
        status: 'BOOK',
        booking_date: '2024-03-01',
        value_date: '2024-03-01',
        creditor: { name: 'K-Market' },
        remittance_information: ['SVWZ+Groceries', 'EREF+12345'],
      },
      {
        transaction_id: 'eb-t2',
        transaction_amount: { currency: 'EUR', amount: '2000.00' },
        credit_debit_indicator: 'CRDT',
        status: 'BOOK',
        booking_date: '2024-03-05',
        debtor: { name: 'Employer Oy' },
      },
      {
        entry_reference: 'eb-t3',
        transaction_amount: { currency: 'EUR', amount: '-3.10' },
        credit_debit_indicator: 'DBIT',
        status: 'BOOK',
        value_date: '2024-03-07',
        remittance_information: ['HSL mobile ticket'],
      },
      {
        entry_reference: 'eb-p1',
        transaction_amount: { currency: 'EUR', amount: '45.00' },
        credit_debit_indicator: 'DBIT',
        status: 'PDNG',
        transaction_date: '2024-03-19',
        creditor: { name: 'Restaurant' },
      },
      {
        entry_reference: 'eb-bad',
        transaction_amount: { currency: 'EUR', amount: 'n/a' },
        credit_debit_indicator: 'DBIT',
        status: 'BOOK',
        booking_date: '2024-03-10',
      },
    ],
  });
  fake.accounts.set('eb-acc-card', {
    uid: 'eb-acc-card',
    account_id: { iban: 'FI7944052020036082' },
    currency: 'EUR',
    cash_account_type: 'CARD',
    balances: [
      {
        name: 'Booked',
        balance_amount: { currency: 'EUR', amount: '-120.00' },
        balance_type: 'CLBD',
        reference_date: '2024-03-20',
      },
    ],
    transactions: [],
  });
  fake.defaultAccounts.push('eb-acc-main', 'eb-acc-card');
}
