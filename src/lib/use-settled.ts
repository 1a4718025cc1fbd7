import { useEffect, useState } from 'react';

/** How long typing must pause before a search box's words are sent. */
const SEARCH_DELAY_MS = 300;

/** Words typed in a search box, trimmed, once typing pauses (one request, not one a key). */
export function useSettled(value: string): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return settled;
}
