import { describe, expect, it } from 'vitest';
import { looksLikePem } from './EnableBankingInitModal.tsx';
import { aspspBank, consentDays } from './enablebanking-provider.ts';
import { accountsFailedText } from './link-logic.ts';
import { providerOfAccount } from './providers.ts';
import { simpleFinAccount } from './simplefin-provider.ts';

describe('bank providers', () => {
  it('reads a SimpleFIN Bridge account with its organisation, and skips one without an id', () => {
    expect(
      simpleFinAccount({
        id: 'ACT-1',
        name: 'Checking',
        balance: '120.50',
        org: { name: 'First Bank', domain: 'firstbank.example', id: 'org-9' },
      }),
    ).toEqual({
      account_id: 'ACT-1',
      name: 'Checking',
      institution: { name: 'First Bank' },
      orgDomain: 'firstbank.example',
      orgId: 'org-9',
      balance: '120.50',
    });
    expect(simpleFinAccount({ name: 'No id' })).toBeNull();
  });

  it('reads an Enable Banking bank with its logo and longest consent, capped at 90 days', () => {
    const nordea = aspspBank({
      name: 'Nordea',
      logo: 'https://enablebanking.com/brands/FI/Nordea/',
      maximum_consent_validity: 15_552_000,
    });
    expect(nordea).toEqual({
      id: 'Nordea',
      name: 'Nordea',
      logo: 'https://enablebanking.com/brands/FI/Nordea/',
      maxConsentSeconds: 15_552_000,
    });
    expect(consentDays(nordea!)).toBe(90);
    expect(consentDays(aspspBank({ name: 'Short', maximum_consent_validity: 86_400 * 30 })!)).toBe(
      30,
    );
    // A logo that is not https is not shown (the page's policy would refuse it anyway).
    expect(aspspBank({ name: 'Plain', logo: 'http://x.example/l.png' })).toEqual({
      id: 'Plain',
      name: 'Plain',
    });
  });

  it('checks a pasted key is a PEM private key', () => {
    expect(looksLikePem('-----BEGIN PRIVATE KEY-----\nMIIE\n-----END PRIVATE KEY-----\n')).toBe(
      true,
    );
    expect(looksLikePem('-----BEGIN RSA PRIVATE KEY-----\nab\n-----END RSA PRIVATE KEY-----')).toBe(
      true,
    );
    expect(looksLikePem('my-application-secret')).toBe(false);
    expect(looksLikePem('-----BEGIN PUBLIC KEY-----\nab\n-----END PUBLIC KEY-----')).toBe(false);
  });

  it('finds the provider of a linked account by its sync source; none is GoCardless', () => {
    expect(providerOfAccount('simpleFin').id).toBe('simplefin');
    expect(providerOfAccount('enableBanking').id).toBe('enablebanking');
    expect(providerOfAccount(null).id).toBe('gocardless');
  });

  it('says why accounts could not be listed, by the provider’s code', () => {
    expect(accountsFailedText('SimpleFIN', 'INVALID_ACCESS_TOKEN')).toMatch(/new setup token/);
    expect(accountsFailedText('SimpleFIN', 'RATE_LIMIT_EXCEEDED')).toMatch(/too many requests/);
    expect(accountsFailedText('SimpleFIN', 'SERVER_DOWN')).toMatch(/could not be reached/);
  });
});
