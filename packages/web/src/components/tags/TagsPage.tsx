import { checkTagName, type TagInfo } from '@coffer/core/ui';
import { useId, useState } from 'react';
import { useStore } from '../../store/context.ts';
import { isFailure } from '../../backend/backend.ts';
import { Button } from '../kit/ui/Button.tsx';
import { Checkbox } from '../kit/ui/Checkbox.tsx';
import { TAG_COLORS, tagStyle } from './tag-colors.ts';
import { useTags } from '../kit/data/tags.tsx';
import './tag-chip.css';
import './tags.css';

/** A rename onto a name that exists waits here for the person to say merge or not. */
interface PendingMerge {
  tag: TagInfo;
  name: string;
}

/** One tag's row: its chip, name (renamed in place), colour, description, count, hidden. */
function TagRow({
  tag,
  onRename,
  onChanged,
}: {
  tag: TagInfo;
  onRename: (tag: TagInfo, name: string) => Promise<string | null>;
  onChanged: () => void;
}) {
  const store = useStore();
  const [editing, setEditing] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const errorId = useId();
  const update = async (fields: {
    color?: string | null;
    description?: string | null;
    hidden?: boolean;
  }) => {
    await store.backend.send('tags-update', { id: tag.id, ...fields });
    onChanged();
  };
  const finish = async (text: string) => {
    const checked = checkTagName(text);
    if (!checked.ok) return setRefusal(checked.message);
    setRefusal(null);
    setEditing(false);
    if (checked.name !== tag.tag) setRefusal(await onRename(tag, checked.name));
  };
  return (
    <div role="row" className={`tag-row ${tag.hidden ? 'tag-hidden' : ''}`}>
      <span role="cell" className="tag-name-cell">
        {editing ? (
          <input
            className="input"
            aria-label={`New name for #${tag.tag}`}
            aria-invalid={refusal ? true : undefined}
            aria-describedby={refusal ? errorId : undefined}
            defaultValue={tag.tag}
            autoFocus
            onBlur={(e) => void finish(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') void finish(e.currentTarget.value);
              if (e.key === 'Escape') {
                setEditing(false);
                setRefusal(null);
              }
            }}
          />
        ) : (
          <Button variant="bare" className="tag-rename" onClick={() => setEditing(true)}>
            {/* The button holds the chip, so on a touch screen the target is 44 px and the chip
                keeps its size. */}
            <span className="tag-chip" style={tagStyle(tag.color)}>
              #{tag.tag}
            </span>
            <span className="sr-only"> (rename)</span>
          </Button>
        )}
        {refusal && (
          <span id={errorId} role="alert" className="field-error">
            {refusal}
          </span>
        )}
      </span>
      <span role="cell" className="tag-colors">
        {TAG_COLORS.map((c) => (
          <Button
            key={c}
            variant="bare"
            className={`tag-swatch ${tag.color === c ? 'current' : ''}`}
            // The colour alone, not the `background` shorthand: on a touch screen the swatch is
            // drawn inside its 44 px target (tags.css), which the shorthand would undo.
            style={{ backgroundColor: c }}
            aria-pressed={tag.color === c}
            aria-label={`Colour ${c} for #${tag.tag}`}
            onClick={() => void update({ color: c })}
          />
        ))}
        <Button
          variant="bare"
          className="tag-swatch tag-swatch-none"
          aria-pressed={tag.color === null}
          aria-label={`No colour for #${tag.tag}`}
          onClick={() => void update({ color: null })}
        />
      </span>
      <span role="cell">
        <input
          className="input tag-description"
          aria-label={`Description of #${tag.tag}`}
          placeholder="Description"
          defaultValue={tag.description ?? ''}
          onBlur={(e) => {
            const text = e.target.value.trim() || null;
            if (text !== tag.description) void update({ description: text });
          }}
        />
      </span>
      <span role="cell" className="tag-count">
        {tag.count}
        <span className="sr-only"> {tag.count === 1 ? 'transaction' : 'transactions'}</span>
      </span>
      <span role="cell">
        <Checkbox checked={tag.hidden} onChange={(e) => void update({ hidden: e.target.checked })}>
          Hidden<span className="sr-only"> #{tag.tag}</span>
        </Checkbox>
      </span>
      <span role="cell">
        <Button
          variant="bare"
          onClick={async () => {
            await store.backend.send('tags-delete', { ids: [tag.id] });
            onChanged();
          }}
        >
          Delete<span className="sr-only"> #{tag.tag}</span>
        </Button>
      </span>
    </div>
  );
}

/**
 * Every tag with its colour, description, count and hidden flag; make, rename (the notes
 * follow; onto an existing tag, after asking, a merge), recolour, describe, hide, delete, and
 * record the tags the notes use in one step. Under More, beside Payees and Rules.
 */
export function TagsPage() {
  const store = useStore();
  const { tags, reload } = useTags();
  const [name, setName] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [merge, setMerge] = useState<PendingMerge | null>(null);
  const messageId = useId();

  async function create() {
    const checked = checkTagName(name);
    if (!checked.ok) return setMessage(checked.message);
    const res = await store.backend.send('tags-create', { tag: checked.name });
    if (isFailure(res)) return setMessage(res.error.message);
    setName('');
    setMessage(null);
    await reload();
  }

  async function rename(tag: TagInfo, to: string, merging = false): Promise<string | null> {
    const res = await store.backend.send('tags-rename', { id: tag.id, tag: to, merge: merging });
    if (isFailure(res)) {
      if (res.error.type === 'tag-exists') {
        setMerge({ tag, name: to });
        return null;
      }
      return res.error.message;
    }
    await reload();
    setMerge(null);
    return null;
  }

  async function discover() {
    const res = await store.backend.send('tags-discover');
    if (isFailure(res)) return setMessage(res.error.message);
    setMessage(
      res.length === 0
        ? 'Every tag in your notes is already here'
        : `Added ${res.map((t) => `#${t}`).join(', ')}`,
    );
    await reload();
  }

  return (
    <div className="page tags-page">
      <h1>Tags</h1>
      <div className="row tags-header">
        <input
          className="input tags-new"
          aria-label="New tag"
          placeholder="New tag"
          value={name}
          aria-invalid={message && !message.startsWith('Added') ? true : undefined}
          aria-describedby={message ? messageId : undefined}
          onChange={(e) => (setName(e.target.value), setMessage(null))}
          onKeyDown={(e) => e.key === 'Enter' && void create()}
        />
        <Button onClick={() => void create()}>Add tag</Button>
        <Button variant="bare" onClick={() => void discover()}>
          Find tags in notes
        </Button>
      </div>
      <div id={messageId} role="status" className="tags-message">
        {message}
      </div>
      {merge && (
        <div role="alertdialog" aria-label="Merge tags" className="tags-merge">
          <span>
            #{merge.name} already exists. Merge #{merge.tag.tag} into #{merge.name}? Notes using #
            {merge.tag.tag} will say #{merge.name}.
          </span>
          <Button onClick={() => void rename(merge.tag, merge.name, true)}>Merge</Button>
          <Button variant="bare" onClick={() => setMerge(null)}>
            Cancel
          </Button>
        </div>
      )}
      <div className="tags-table" role="table" aria-label="Tags">
        <div role="row" className="tag-row tag-head">
          <span role="columnheader">Tag</span>
          <span role="columnheader">Colour</span>
          <span role="columnheader">Description</span>
          <span role="columnheader" className="tag-count">
            Count
          </span>
          <span role="columnheader">Hidden</span>
          <span role="columnheader">
            <span className="sr-only">Delete</span>
          </span>
        </div>
        {tags.length === 0 && (
          <div className="txn-empty subdued" role="row">
            <span role="cell">No tags. Write #word in a transaction’s notes, or add one here.</span>
          </div>
        )}
        {tags.map((t) => (
          <TagRow key={t.id} tag={t} onRename={rename} onChanged={() => void reload()} />
        ))}
      </div>
    </div>
  );
}

export default TagsPage;
