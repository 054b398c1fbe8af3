import styles from '../staff.module.scss';

/** Why a console action did not happen (the `staff` function's refusal), spoken as it appears. */
export function ActionError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className={styles.error}>
      {message}
    </p>
  );
}
