/** Why an action failed, spoken as it appears (role alert), in the caller's style; nothing while it
 *  has not failed, so that a screen reader hears each new failure as it comes. */
export function AlertText({ message, className }: { message: string | null | undefined; className?: string }) {
  if (!message) return null;
  return (
    <p role="alert" className={className}>
      {message}
    </p>
  );
}
