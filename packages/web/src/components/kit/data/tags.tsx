import type { TagInfo } from '@coffer/core/ui';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useState } from 'react';
import { useStore } from '../../../store/context.ts';
import { isFailure } from '../../../backend/backend.ts';
import { useTablesChanged } from './data.ts';

interface TagsValue {
  tags: readonly TagInfo[];
  reload: () => Promise<void>;
}

const TagsContext = createContext<TagsValue>({ tags: [], reload: async () => undefined });

/**
 * The open budget's tags for every screen that shows notes (chips take their colour from it)
 * or offers tags (the `#` suggestions, the filter's tag picker). Read again when a write
 * touches the tags or the notes that count them.
 */
export function TagsProvider({ children }: { children: ReactNode }) {
  const store = useStore();
  const [tags, setTags] = useState<readonly TagInfo[]>([]);
  const reload = useCallback(async () => {
    const res = await store.backend.send('tags-get');
    setTags(isFailure(res) ? [] : res);
  }, [store]);
  useEffect(() => void reload(), [reload]);
  useTablesChanged(['tags', 'transactions'], () => void reload());
  return <TagsContext.Provider value={{ tags, reload }}>{children}</TagsContext.Provider>;
}

export const useTags = (): TagsValue => useContext(TagsContext);
