import { createContext, useContext } from 'react';
import type { RemoteLoader } from './remote-loader.ts';

export const RemoteLoaderContext = createContext<RemoteLoader | null>(null);

export const useRemoteLoader = (): RemoteLoader => {
  const loader = useContext(RemoteLoaderContext);
  if (!loader) throw new Error('useRemoteLoader needs a RemoteLoaderContext provider');
  return loader;
};

/** The loader where there is one: overlays that only add to a page (the preview bar) render without it too. */
export const useOptionalRemoteLoader = (): RemoteLoader | null => useContext(RemoteLoaderContext);
