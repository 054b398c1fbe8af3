import { CONNECTION_NOTICE } from './connection-notice-texts';
import styles from './connection-notice.module.scss';

/** Said instead of an endless spinner when live data cannot be fetched (or refreshed) for a while.
 *  A live region, so it is announced when it appears and the page does not need reloading. */
export function ConnectionNotice({ show }: { show: boolean }) {
  return (
    <div role="status" aria-live="polite" className={show ? styles.notice : undefined}>
      {show && (
        <>
          <p className={styles.title}>{CONNECTION_NOTICE.title}</p>
          <p>{CONNECTION_NOTICE.text}</p>
        </>
      )}
    </div>
  );
}
