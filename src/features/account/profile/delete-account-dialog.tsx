import type { User } from 'firebase/auth';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { SERVICE_LABELS } from '@/catalog/services';
import { paths } from '@/config/paths';
import { amountText, isLivePlan, planLabel } from '@/data/order-display';
import { authErrorMessage } from '@/session/auth-errors';
import { Button } from '@/ui/button';
import { FormField } from '@/ui/form-field';
import { PasswordInput } from '@/ui/password-input';
import { Modal } from '@/ui/modal';
import { Spinner } from '@/ui/spinner';
import { deleteAccount, DELETE_CONFIRMATION } from '../account-data-api';
import { useOrders } from '../use-orders';
import { DELETE_ACCOUNT_MESSAGES as TEXTS } from './messages';
import styles from './profile-settings.module.scss';

type Errors = Partial<Record<'password' | 'confirmation', string>>;

/** The password is needed; the word must be typed exactly (spaces around it aside). */
function fieldErrors(password: string, confirmation: string): Errors {
  return {
    ...(password === '' && { password: TEXTS.passwordRequired }),
    ...(confirmation.trim() !== DELETE_CONFIRMATION && { confirmation: TEXTS.typeDelete }),
  };
}

/** What deleting does, said before anything is asked. */
function Consequences() {
  return (
    <div className={styles.consequences}>
      <p>{TEXTS.intro}</p>
      <ul>
        {TEXTS.consequences.map((line) => (
          <li key={line}>{line}</li>
        ))}
        <li>
          {TEXTS.refund} <Link to={paths.support}>Contact support</Link>
        </li>
      </ul>
    </div>
  );
}

/** The plans the deletion cancels, named, from the person's live orders: the same test
 *  (isLivePlan) the dashboard's Active plans use, so the two never disagree. */
function PlansToCancel({ uid }: { uid: string }) {
  const titleId = useId();
  const state = useOrders(uid);
  const plans = state.status === 'ready' ? state.orders.filter(isLivePlan) : [];
  return (
    <section className={styles.plansToCancel} aria-labelledby={titleId} aria-busy={state.status === 'loading'}>
      <h3 id={titleId} className={styles.plansTitle}>
        {TEXTS.plansTitle}
      </h3>
      {state.status === 'loading' && <Spinner label={TEXTS.plansLoading} />}
      {state.status === 'error' && <p>{TEXTS.plansUnknown}</p>}
      {state.status === 'ready' && plans.length === 0 && <p>{TEXTS.noPlans}</p>}
      {plans.length > 0 && (
        <ul>
          {plans.map((order) => (
            <li key={order.id}>
              {planLabel(order.tier)} · {SERVICE_LABELS[order.product]}, {amountText(order)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * Closing the account: says what happens before anything does (plans cancelled now, the current
 * period not refunded, invoices kept), then asks for the password and the typed word DELETE
 * (docs/decisions/0119-account-deletion-and-retention.md). A failure keeps what was typed and
 * says why in the dialog; success hands over to the page, which signs out.
 */
export function DeleteAccountDialog({ user, onClose, onDeleted }: { user: User; onClose: () => void; onDeleted: () => void }) {
  const formId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const found = fieldErrors(password, confirmation);
    setErrors(found);
    if (found.password || found.confirmation) {
      formRef.current?.querySelector<HTMLElement>(`[name="${found.password ? 'password' : 'confirmation'}"]`)?.focus();
      return;
    }
    setBusy(true);
    try {
      const outcome = await deleteAccount(user, password);
      if (outcome.ok) return onDeleted();
      setFailure(outcome.message);
    } catch (error) {
      setFailure(authErrorMessage(error));
    }
    setBusy(false);
  };

  return (
    <Modal
      open
      title={TEXTS.title}
      onClose={busy ? () => undefined : onClose}
      actions={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form={formId} busy={busy} variant="danger">
            {busy ? 'Deleting your account…' : 'Delete my account'}
          </Button>
        </>
      }
    >
      <Consequences />
      <PlansToCancel uid={user.uid} />
      <form id={formId} ref={formRef} className={styles.form} onSubmit={onSubmit} noValidate>
        <FormField label="Your password" error={errors.password} announceError>
          {(control) => (
            <PasswordInput
              {...control}
              name="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          )}
        </FormField>
        <FormField label={`Type ${DELETE_CONFIRMATION} to confirm`} error={errors.confirmation} announceError>
          {(control) => (
            <input
              {...control}
              name="confirmation"
              type="text"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              value={confirmation}
              onChange={(event) => setConfirmation(event.target.value)}
            />
          )}
        </FormField>
        {failure && (
          <p role="alert" className={styles.error}>
            {failure}
          </p>
        )}
      </form>
    </Modal>
  );
}
