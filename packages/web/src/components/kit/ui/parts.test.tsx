import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Button, buttonClass, IconButton } from './Button.tsx';
import { Checkbox } from './Checkbox.tsx';
import { ErrorText } from './ErrorText.tsx';
import { DialogFooter } from './Modal.tsx';
import { LoadingScreen } from './LoadingScreen.tsx';
import { Select } from './Select.tsx';
import { Spinner } from './Spinner.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from './Table.tsx';

const html = renderToStaticMarkup;

describe('Button', () => {
  it('carries the class of each variant and size, then the caller’s', () => {
    expect(buttonClass()).toBe('btn');
    expect(buttonClass('primary', 'small', 'reg-add')).toBe('btn btn-primary btn-small reg-add');
    expect(buttonClass('bare', 'normal', 'modal-close')).toBe('btn btn-bare modal-close');
    expect(buttonClass('danger')).toBe('btn btn-danger');
    expect(buttonClass('link', 'normal', 'report-row-link')).toBe('link-button report-row-link');
    expect(buttonClass('plain', 'normal', 'bt-toggle')).toBe('bt-toggle');
    expect(buttonClass('plain')).toBeUndefined();
  });

  it('passes a native button’s attributes through and leaves the type as given', () => {
    const out = html(
      <Button variant="primary" type="submit" disabled aria-label="Save rule">
        Save
      </Button>,
    );
    expect(out).toBe(
      '<button class="btn btn-primary" type="submit" disabled="" aria-label="Save rule">Save</button>',
    );
    // Without a type a button submits its form, exactly as a native one does.
    expect(html(<Button>Go</Button>)).toBe('<button class="btn">Go</button>');
  });

  it('names an icon button by its label', () => {
    expect(html(<IconButton label="Close">✕</IconButton>)).toBe(
      '<button class="btn btn-bare" aria-label="Close">✕</button>',
    );
  });
});

describe('Select', () => {
  it('is named by its label and keeps the form look', () => {
    const out = html(
      <Select label="Theme" className="narrow" value="dark" onChange={() => {}}>
        <option value="light">Light</option>
        <option value="dark">Dark</option>
      </Select>,
    );
    expect(out).toContain('<select aria-label="Theme" class="input narrow"');
    expect(out).toContain('<option value="dark" selected="">Dark</option>');
  });
});

describe('Checkbox', () => {
  it('is named by its text, or by its label when it stands alone', () => {
    expect(html(<Checkbox defaultChecked>Show hidden</Checkbox>)).toBe(
      '<label class="checkbox"><input type="checkbox" checked=""/>Show hidden</label>',
    );
    // Standing alone, it is marked so a touch screen can draw it inside a 44 px target.
    expect(html(<Checkbox label="Select Lunch" />)).toBe(
      '<input type="checkbox" aria-label="Select Lunch" class="checkbox-alone"/>',
    );
  });
});

describe('ErrorText', () => {
  it('announces a message in the error colour, as a block or beside a field', () => {
    expect(html(<ErrorText>Name is required</ErrorText>)).toBe(
      '<div role="alert" class="error-text">Name is required</div>',
    );
    expect(
      html(
        <ErrorText as="span" kind="field" id="e1">
          Not an amount
        </ErrorText>,
      ),
    ).toBe('<span id="e1" role="alert" class="field-error">Not an amount</span>');
    expect(html(<ErrorText className="import-error">Bad file</ErrorText>)).toContain(
      'class="error-text import-error"',
    );
  });
});

describe('DialogFooter', () => {
  it('is the modal’s row of buttons', () => {
    expect(html(<DialogFooter className="rule-footer">x</DialogFooter>)).toBe(
      '<div class="modal-footer rule-footer">x</div>',
    );
  });
});

describe('Table', () => {
  it('is a native table with scoped headers', () => {
    const out = html(
      <Table className="report-table" aria-label="Spending">
        <TableHead>
          <TableRow>
            <TableHeader scope="col">Category</TableHeader>
          </TableRow>
        </TableHead>
        <TableBody>
          <TableRow>
            <TableCell>Food</TableCell>
          </TableRow>
        </TableBody>
      </Table>,
    );
    expect(out).toBe(
      '<table class="report-table" aria-label="Spending"><thead><tr><th scope="col">Category</th></tr></thead><tbody><tr><td>Food</td></tr></tbody></table>',
    );
  });
});

describe('Spinner', () => {
  it('is late on a wait for a screen (the loading screen), at once elsewhere', () => {
    // `late` (theme.css): hidden and still for the wait's first second, so a start that is
    // done by then paints no spinner's frames.
    expect(html(<LoadingScreen text="Loading..." />)).toContain(
      '<span class="spinner late" role="progressbar" aria-label="Loading..."></span>',
    );
    expect(html(<Spinner small label="Saving" />)).toBe(
      '<span class="spinner small" role="progressbar" aria-label="Saving"></span>',
    );
  });
});
