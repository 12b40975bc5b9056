import { useAppState } from '../../../store/context.ts';
import {
  type AcItem,
  accountSuggestions,
  type CategoryOptions,
  categorySuggestions,
  type PayeeOptions,
  payeeSuggestions,
  tagSuggestions,
} from '../ui/autocomplete-logic.ts';
import { useTags } from '../data/tags.tsx';
import type { TextCompleter } from '../ui/Completions.tsx';
import { useStore } from '../../../store/context.ts';
import { tagAtCaret } from '@coffer/core/ui';
import { Autocomplete, type AutocompleteProps } from '../ui/Autocomplete.tsx';

type PickerProps = Omit<AutocompleteProps, 'suggest' | 'valueLabel'> & {
  /** Shown when the value names nothing that exists any more. */
  missingLabel?: string;
};

/** The display name of a payee: a transfer payee is named by its account. */
export function usePayeeName(): (id: string | null | undefined) => string {
  const payees = useAppState((s) => s.payees);
  const accounts = useAppState((s) => s.accounts);
  return (id) => {
    if (!id) return '';
    if (id.startsWith('new:')) return id.slice(4);
    const payee = payees.find((p) => p.id === id);
    if (!payee) return '';
    if (payee.transfer_acct) {
      return accounts.find((a) => a.id === payee.transfer_acct)?.name ?? payee.name;
    }
    return payee.name;
  };
}

/**
 * The payee picker (spec: payee autocomplete). A new payee comes back as `new:{text}`; the
 * caller creates it when it saves. A transfer payee's item carries `transferAccount`.
 */
export function PayeeAutocomplete({
  missingLabel = '',
  options,
  ...props
}: PickerProps & { options?: PayeeOptions }) {
  const payees = useAppState((s) => s.payees);
  const accounts = useAppState((s) => s.accounts);
  const name = usePayeeName();
  return (
    <Autocomplete
      {...props}
      valueLabel={name(props.value) || (props.value ? missingLabel : '')}
      suggest={(text, typed) =>
        payeeSuggestions(payees, accounts, text, typed, props.value, options)
      }
    />
  );
}

/** The category picker: existing categories only, optionally with 'Split Transaction'. */
export function CategoryAutocomplete({
  missingLabel = '',
  options,
  ...props
}: PickerProps & { options?: CategoryOptions }) {
  const categories = useAppState((s) => s.categories);
  const category = categories.list.find((c) => c.id === props.value);
  const label =
    props.value === 'split'
      ? 'Split Transaction'
      : (category?.name ?? (props.value ? missingLabel : ''));
  return (
    <Autocomplete
      {...props}
      valueLabel={label}
      suggest={(text, typed) =>
        categorySuggestions(categories.grouped, text, typed, props.value, options)
      }
    />
  );
}

/** The account picker: open accounts, For budget then Off budget. */
export function AccountAutocomplete({
  missingLabel = '',
  exclude,
  ...props
}: PickerProps & { exclude?: readonly string[] }) {
  const accounts = useAppState((s) => s.accounts);
  const account = accounts.find((a) => a.id === props.value);
  return (
    <Autocomplete
      {...props}
      valueLabel={account?.name ?? (props.value ? missingLabel : '')}
      suggest={(text, typed) => accountSuggestions(accounts, text, typed, props.value, { exclude })}
    />
  );
}

export type { AcItem };

/**
 * The tag picker (a filter's 'has tag'): the budget's tags as `#name`; the value is the tag's
 * name. Only recorded tags are offered, hidden ones too (a filter may look for them).
 */
export function TagAutocomplete({ missingLabel = '', ...props }: PickerProps) {
  const { tags } = useTags();
  return (
    <Autocomplete
      {...props}
      valueLabel={props.value ? `#${props.value}` : missingLabel}
      suggest={(text, typed) =>
        tagSuggestions(tags, text, typed, props.value, { showHidden: true })
      }
    />
  );
}

/**
 * `#` in notes: while the caret is in a tag, the budget's tags that start so (hidden ones
 * left out) and, for a name no tag has, 'New tag #name', which records the tag when picked.
 */
export function useTagCompleter(): TextCompleter {
  const { tags } = useTags();
  const store = useStore();
  return {
    label: 'Tags',
    suggest(text, caret) {
      const at = tagAtCaret(text, caret);
      if (!at) return null;
      const found = tagSuggestions(tags, at.prefix, at.prefix !== '', null, { create: true });
      return { ...found, start: at.start, end: at.end };
    },
    onPick(item) {
      if (item.special === 'create-tag') {
        void store.backend.send('tags-create', { tag: item.id.slice('new:'.length) });
      }
    },
  };
}
