import { useEffect, useState } from 'react';

/** Seconds until the deadline (epoch ms), ticking once a second; null without a deadline. */
export const useCountdown = (deadline: number | null): number | null => {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (deadline === null) return;
    const tick = () => setNow(Date.now());
    // A new deadline is counted from now at once, not from the last tick (which may be long ago).
    const first = setTimeout(tick, 0);
    const timer = setInterval(tick, 1000);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [deadline]);
  return deadline === null ? null : Math.max(0, Math.ceil((deadline - now) / 1000));
};
