import { useEffect, useState } from 'react';
import { SCROLL_THROTTLE_MS } from '@entry/constants';

/** Whether the page is scrolled, read at most every 500 ms (SPEC section 9) and once more at the end. */
export const useScrolled = (): boolean => {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = () => {
      timer = undefined;
      setScrolled(window.scrollY > 0);
    };
    const onScroll = () => {
      timer ??= setTimeout(read, SCROLL_THROTTLE_MS);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      clearTimeout(timer);
    };
  }, []);
  return scrolled;
};
