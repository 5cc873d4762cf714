/** A panel left open would cover the next page: `close` runs whenever the address changes. */
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

export function useCloseOnNavigation(close: () => void): void {
  const { key } = useLocation();
  const shownAt = useRef(key);
  useEffect(() => {
    if (shownAt.current === key) return;
    shownAt.current = key;
    close();
  }, [key, close]);
}
