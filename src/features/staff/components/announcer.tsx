import { useCallback, useState } from 'react';

/** A polite live region for what a console action did ("Marked Answered"), so a screen reader
 *  hears the outcome without its focus moving. Returns the region and the function that speaks. */
export function useAnnouncer() {
  const [message, setMessage] = useState('');
  const announce = useCallback((text: string) => {
    // The same sentence twice (two inquiries archived in a row) must be heard twice.
    setMessage('');
    setTimeout(() => setMessage(text), 50);
  }, []);
  const region = (
    <p className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
      {message}
    </p>
  );
  return { region, announce };
}
