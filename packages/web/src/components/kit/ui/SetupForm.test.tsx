import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SecretField, SetupFormBody } from './SetupForm.tsx';

const html = renderToStaticMarkup;
const noop = () => {};

describe('SetupForm', () => {
  it('holds the intro, the fields, the refusal and the two buttons, busy while checking', () => {
    const idle = html(
      <SetupFormBody
        intro="Paste it."
        error={null}
        busy={false}
        busyText="Checking..."
        onSubmit={noop}
        onCancel={noop}
      >
        <SecretField label="Token:" name="token" value="" onChange={noop} />
      </SetupFormBody>,
    );
    expect(idle).toContain('<p>Paste it.</p>');
    expect(idle).not.toContain('role="alert"');
    expect(idle).toContain('<button class="btn btn-bare" type="button">Cancel</button>');
    expect(idle).toContain(
      '<button class="btn btn-primary" type="submit">Save and continue</button>',
    );

    const refused = html(
      <SetupFormBody
        intro="Paste it."
        error="Used token."
        busy
        busyText="Checking..."
        onSubmit={noop}
        onCancel={noop}
      >
        {null}
      </SetupFormBody>,
    );
    expect(refused).toContain('<div role="alert" class="error-text">Used token.</div>');
    expect(refused).toContain('type="submit" disabled="">Checking...</button>');
  });

  it('names each secret field by its label and keeps the browser from completing it', () => {
    const key = html(
      <SecretField
        label="Secret Key:"
        name="key"
        kind="password"
        value="s"
        onChange={noop}
        invalid
      />,
    );
    expect(key).toMatch(/^<label class="field">Secret Key:<input [^>]*\/><\/label>$/);
    for (const attr of [
      'type="password"',
      'name="key"',
      'autoComplete="off"',
      'spellCheck="false"',
      'aria-invalid="true"',
      'class="input"',
    ]) {
      expect(key).toContain(attr);
    }
    const pem = html(
      <SecretField
        label="Key:"
        name="pem"
        kind="multiline"
        className="bank-pem"
        value=""
        onChange={noop}
      />,
    );
    expect(pem).toMatch(/^<label class="field">Key:<textarea [^>]*><\/textarea><\/label>$/);
    expect(pem).toContain('class="input bank-pem"');
    expect(pem).not.toContain('aria-invalid');
  });
});
