import { useCallback, useEffect, useState } from 'react';

/** Seconds left of a countdown (the 60 s before a new code may be asked for), ticking once a second. */
export function useCountdown(): { secondsLeft: number; start: (seconds: number) => void } {
  const [endsAt, setEndsAt] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (endsAt <= now) return;
    const timer = setTimeout(() => setNow(Date.now()), 1000 - ((endsAt - now) % 1000 || 0));
    return () => clearTimeout(timer);
  }, [endsAt, now]);
  const start = useCallback((seconds: number) => {
    const at = Date.now();
    setNow(at);
    setEndsAt(at + seconds * 1000);
  }, []);
  return { secondsLeft: Math.max(0, Math.ceil((endsAt - now) / 1000)), start };
}
