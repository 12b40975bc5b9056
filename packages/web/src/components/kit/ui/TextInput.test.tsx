import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { TextInput } from './TextInput.tsx';

describe('TextInput', () => {
  it('is a named field holding its value, in a cell without the form chrome', () => {
    const html = renderToStaticMarkup(<TextInput value="Lunch" label="Notes" cell />);
    expect(html).toContain('aria-label="Notes"');
    expect(html).toContain('value="Lunch"');
    expect(html).toContain('class="text-input-wrap cell"');
    expect(html).not.toContain('role="alert"');
  });

  it('is a combobox, its list closed, when it offers completions (the notes’ tags)', () => {
    const completer = { label: 'Tags', suggest: () => null };
    const html = renderToStaticMarkup(
      <TextInput value="#tr" label="Notes" completer={completer} />,
    );
    expect(html).toContain('role="combobox"');
    expect(html).toContain('aria-expanded="false"');
    expect(html).toContain('aria-autocomplete="list"');
    // Without completions it stays a plain textbox.
    expect(renderToStaticMarkup(<TextInput value="" label="Name" />)).not.toContain('combobox');
  });

  it('shows a refusal beside the field and marks it invalid', () => {
    const html = renderToStaticMarkup(<TextInput value="" label="Name" error="Name is required" />);
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain('<span role="alert" class="field-error">Name is required</span>');
  });
});
