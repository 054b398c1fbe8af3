import { useCallback, useState } from 'react';
import type { StaffOutcome } from './staff-api';

/** One control's call to the `staff` function: which of its buttons is busy, and the refusal to
 *  show beside it. Resolves with the outcome's data on success, null otherwise. */
export function useStaffAction() {
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = useCallback(async <T>(key: string, call: () => Promise<StaffOutcome<T>>): Promise<T | null> => {
    setBusy(key);
    setError(null);
    try {
      const outcome = await call();
      if (outcome.ok) return outcome.data;
      setError(outcome.message);
      return null;
    } finally {
      setBusy(null);
    }
  }, []);
  return { busy, error, run };
}
