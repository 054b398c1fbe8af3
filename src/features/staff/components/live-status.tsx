import { ConnectionNotice } from '@/ui/connection-notice';
import { Spinner } from '@/ui/spinner';
import type { LiveValue } from '@/firebase/use-live-value';
import styles from '../staff.module.scss';

/** What a console list shows while its data is not there: a spinner, the connection notice once
 *  the database has not answered for a while, or why it could not be read. */
export function LiveStatus({ live, subject }: { live: LiveValue<unknown>; subject: string }) {
  return (
    <>
      <ConnectionNotice show={live.unreachable} />
      {live.status === 'loading' && !live.unreachable && <Spinner label={`Loading ${subject}…`} />}
      {live.status === 'error' && (
        <p role="alert" className={styles.error}>
          {`The ${subject} could not be read (${live.message}). Check your connection and reload the page.`}
        </p>
      )}
    </>
  );
}
