import { describe, expect, it } from 'vitest';
import { EMPTY_FIELDS, enableErrorText, openIdSettingsFrom } from './openid-form.ts';

const client = { clientId: ' coffer ', clientSecret: 's3cret' };
const byHand = {
  ...EMPTY_FIELDS,
  ...client,
  find: 'manual' as const,
  name: 'https://github.com',
  authorization: 'https://github.com/login/oauth/authorize',
  token: 'https://github.com/login/oauth/access_token',
  userinfo: 'https://api.github.com/user',
};

describe('openIdSettingsFrom', () => {
  it('sends the provider’s URL for discovery, trimmed, in Actual’s shape', () => {
    expect(
      openIdSettingsFrom(
        { ...EMPTY_FIELDS, ...client, issuer: ' https://id.example ' },
        'https://coffer.home',
      ),
    ).toEqual({
      issuer: 'https://id.example',
      client_id: 'coffer',
      client_secret: 's3cret',
      server_hostname: 'https://coffer.home',
      authMethod: 'openid',
    });
  });

  it('sends endpoints by hand as Actual’s issuer object, with userinfo alone', () => {
    expect(openIdSettingsFrom({ ...byHand, authMethod: 'oauth2' }, 'https://coffer.home')).toEqual({
      issuer: {
        name: 'https://github.com',
        authorization_endpoint: 'https://github.com/login/oauth/authorize',
        token_endpoint: 'https://github.com/login/oauth/access_token',
        userinfo_endpoint: 'https://api.github.com/user',
      },
      client_id: 'coffer',
      client_secret: 's3cret',
      server_hostname: 'https://coffer.home',
      authMethod: 'oauth2',
    });
  });

  it('asks for what is missing before sending anything', () => {
    const url = 'https://coffer.home';
    expect(openIdSettingsFrom({ ...EMPTY_FIELDS, ...client }, url)).toEqual({
      problem: 'Every field is needed: the provider’s URL too.',
    });
    expect(openIdSettingsFrom({ ...byHand, token: ' ' }, url)).toHaveProperty('problem');
    expect(openIdSettingsFrom({ ...byHand, clientSecret: '' }, url)).toHaveProperty('problem');
    // An ID token by hand needs the keys to check it.
    expect(openIdSettingsFrom(byHand, url)).toEqual({
      problem:
        'Checking the ID token needs the provider’s keys URL; without it, choose the userinfo endpoint.',
    });
    expect(openIdSettingsFrom({ ...byHand, jwks: 'https://id.example/jwks' }, url)).toMatchObject({
      issuer: { jwks_uri: 'https://id.example/jwks' },
      authMethod: 'openid',
    });
  });

  it('says which part the server refused', () => {
    expect(enableErrorText('configuration-error', 'discovery')).toMatch(/could not be reached/);
    expect(enableErrorText('configuration-error', 'manual')).toMatch(/refused these endpoints/);
  });
});
