import { useEffect, useState } from 'react';

/** The typed text, trimmed, once the typing has paused for `delay` ms (a search asks the server only then). */
export function useDebounced(text: string, delay: number): string {
  const [settled, setSettled] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text.trim()), delay);
    return () => clearTimeout(timer);
  }, [text, delay]);
  return settled;
}
