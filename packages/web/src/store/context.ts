import { createContext, useContext } from 'react';
import { type AppState, type AppStore, useStoreState } from './store.ts';

export const StoreContext = createContext<AppStore | null>(null);

export function useStore(): AppStore {
  const store = useContext(StoreContext);
  if (!store) throw new Error('useStore outside StoreContext');
  return store;
}

export function useAppState<T>(select: (s: AppState) => T): T {
  return useStoreState(useStore(), select);
}
