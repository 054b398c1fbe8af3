import { ConnectionNotice } from '@/ui/connection-notice';
import { Spinner } from '@/ui/spinner';

interface LiveDataStatusProps {
  /** The page's live data (src/firebase/use-live-value.ts and the hooks over it). */
  state: { status: 'loading' | 'ready' | 'error'; unreachable: boolean };
  /** What the data is, after "your": "orders" gives "Loading your orders…". */
  subject: string;
  /** Class of the error message. */
  errorClassName?: string;
}

/** What a page of live data shows above it while the data is not there: the connection notice
 *  once the database has not answered for a while, a spinner until then, or why loading failed. */
export function LiveDataStatus({ state, subject, errorClassName }: LiveDataStatusProps) {
  return (
    <>
      <ConnectionNotice show={state.unreachable} />
      {state.status === 'loading' && !state.unreachable && <Spinner block label={`Loading your ${subject}…`} />}
      {state.status === 'error' && (
        <p role="alert" className={errorClassName}>
          {`Your ${subject} could not be loaded. Check your connection and reload the page.`}
        </p>
      )}
    </>
  );
}
