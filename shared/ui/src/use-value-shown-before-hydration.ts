import { useLayoutEffect } from 'react';

/**
 * A field of a page composed on the server can be typed in, ticked or picked before the page's
 * scripts run (or filled by a password manager): hydration leaves that on screen but not in the form,
 * and React 19 does not replay it. As the field first mounts, the form takes what the field shows,
 * before anything renders over it. `shown` reads the field's element; undefined when there is none.
 */
export const useValueShownBeforeHydration = <V>(
  shown: () => V | undefined,
  value: V,
  onChange: (value: V) => void,
  same: (a: V, b: V) => boolean = Object.is,
): void => {
  useLayoutEffect(() => {
    const before = shown();
    if (before !== undefined && !same(before, value)) onChange(before);
    // Once, as the field first mounts: later the form and the field agree through onChange.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
};
