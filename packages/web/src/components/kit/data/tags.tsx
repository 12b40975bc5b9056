import type { TagInfo } from '@coffer/core/ui';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useStore } from '../../../store/context.ts';
import { isFailure } from '../../../backend/backend.ts';
import { useTablesChanged } from './data.ts';

interface TagsValue {
  tags: readonly TagInfo[];
  reload: () => Promise<void>;
}

interface TagsContextValue extends TagsValue {
  /** A screen that shows or offers tags is mounted; the returned function says it is gone. */
  use: () => () => void;
}

const TagsContext = createContext<TagsContextValue>({
  tags: [],
  reload: async () => undefined,
  use: () => () => undefined,
});

/**
 * The open budget's tags for every screen that offers them (the `#` suggestions in notes, the
 * filter's tag picker, the Tags page), read when the first of them mounts and again, while any
 * is mounted, when a write touches the tags or the notes that count them. Not read before: the
 * read goes through every note with a `#`, and at a start it ran in the core's worker beside
 * the budget's first render (33 ms of the worker's CPU at 100,000 transactions, on a slowed
 * phone), and again after every saved transaction, for screens that show no tags.
 */
export function TagsProvider({ children }: { children: ReactNode }) {
  const store = useStore();
  const [tags, setTags] = useState<readonly TagInfo[]>([]);
  const users = useRef(0);
  const reload = useCallback(async () => {
    const res = await store.backend.send('tags-get');
    setTags(isFailure(res) ? [] : res);
  }, [store]);
  const use = useCallback(() => {
    // The first screen to mount reads them: a write while none was mounted was not followed.
    if (users.current++ === 0) void reload();
    return () => void users.current--;
  }, [reload]);
  useTablesChanged(['tags', 'transactions'], () => {
    if (users.current > 0) void reload();
  });
  const value = useMemo(() => ({ tags, reload, use }), [tags, reload, use]);
  return <TagsContext.Provider value={value}>{children}</TagsContext.Provider>;
}

/** The budget's tags, read for as long as the calling screen is mounted. */
export function useTags(): TagsValue {
  const { tags, reload, use } = useContext(TagsContext);
  useEffect(() => use(), [use]);
  return { tags, reload };
}
