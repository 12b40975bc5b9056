import { useState } from 'react';
import { ErrorText } from '../kit/ui/ErrorText.tsx';

/**
 * A name typed in place (renaming a category or group, adding one): Enter saves, Escape gives
 * up, leaving the field saves a changed name. A name the core refuses stays with its message.
 * `onSave` answers with the refusal's text, or null when saved.
 */
export function NameEditor({
  initial,
  label,
  onSave,
  onDone,
  placeholder,
}: {
  initial: string;
  label: string;
  onSave: (name: string) => Promise<string | null>;
  onDone: () => void;
  placeholder?: string;
}) {
  const [text, setText] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function save() {
    if (busy) return;
    const name = text.trim();
    if (name === initial.trim()) return onDone();
    if (!name) {
      if (!initial) return onDone();
      setError('A name is required');
      return;
    }
    setBusy(true);
    const problem = await onSave(name);
    setBusy(false);
    if (problem) setError(problem);
    else onDone();
  }

  return (
    <span className="amount-input-wrap bt-name-edit">
      <input
        className="input"
        autoFocus
        aria-label={label}
        aria-invalid={error ? true : undefined}
        value={text}
        placeholder={placeholder}
        onChange={(e) => {
          setText(e.target.value);
          setError(null);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            void save();
          } else if (e.key === 'Escape') {
            e.preventDefault();
            e.stopPropagation();
            onDone();
          }
        }}
        onBlur={() => {
          // A refused name stays for the user to fix; leaving again after that gives up.
          if (error) onDone();
          else void save();
        }}
      />
      {error && (
        <ErrorText as="span" kind="field">
          {error}
        </ErrorText>
      )}
    </span>
  );
}
