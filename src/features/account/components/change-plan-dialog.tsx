import { useEffect, useId, useState, type FormEvent } from 'react';
import { ADD_ON_LABELS, MARKETING_ADD_ON_CENTS, SECURITY_ADD_ON_CENTS } from '@/catalog/add-ons';
import { creditText } from '@/catalog/invoice-money';
import { formatUsd } from '@/catalog/money';
import { MANAGE_SUBSCRIPTION_MESSAGES } from '@/catalog/plan-changes';
import { isPlanId, isPricedPlan, PLAN_DETAILS, PLAN_IDS, PLAN_NAMES, PLAN_PRICES, type PricedPlanId } from '@/catalog/plans';
import type { BillingPeriod, PlanConfiguration } from '@/catalog/pricing';
import { SERVICE_LABELS } from '@/catalog/services';
import { formatBillingDate, periodSuffix } from '@/catalog/subscription';
import type { Order } from '@/data/orders';
import { amountText, planLabel } from '@/data/order-display';
import { useAuth } from '@/session/auth-context';
import { Button } from '@/ui/button';
import { Modal } from '@/ui/modal';
import type { Outcome, PlanChangePreview } from '../plan-changes-api';
import styles from './change-plan-dialog.module.scss';

const PRICED_PLANS = PLAN_IDS.filter(isPricedPlan);

export const CHANGE_PLAN_TEXTS = {
  open: 'Change plan',
  title: 'Change plan',
  preview: 'Preview',
  confirm: 'Confirm change',
  /** Shown on the card once Stripe has taken the change. */
  changed:
    'Your plan was changed. The card shows the new plan as soon as Stripe confirms it, and the invoice for the change is listed below.',
  previewFirst: 'Preview the change to see what it costs before you confirm it.',
  /** Marks what the customer has now: the plan, the billing period, each add-on in it. */
  currentPlan: 'Current plan',
  current: 'Current',
  inPlan: 'In your plan now',
} as const;

/** "Due now $120.00 (prorated)"; a change that costs less than what is left charges nothing and
 *  credits the rest (creditText says where it goes). */
export function dueNowText(preview: Pick<PlanChangePreview, 'dueNowCents' | 'creditCents'>): string {
  const due = `Due now ${formatUsd(Math.max(preview.dueNowCents, 0))}`;
  return preview.creditCents > 0 ? due : `${due} (prorated)`;
}

/** "Then $25,000.00 / month". */
export function thenText(preview: Pick<PlanChangePreview, 'amountPerPeriodCents' | 'billingPeriod'>): string {
  return `Then ${formatUsd(preview.amountPerPeriodCents)} ${periodSuffix(preview.billingPeriod)}`;
}

export function currentConfiguration(order: Order): PlanConfiguration | null {
  if (!isPlanId(order.tier) || !isPricedPlan(order.tier) || !order.subscription) return null;
  return {
    plan: order.tier,
    period: order.subscription.billingPeriod,
    storage: order.addOns.storage !== null,
    security: order.addOns.security,
    marketing: order.addOns.marketing,
  };
}

const sameConfiguration = (a: PlanConfiguration, b: PlanConfiguration) =>
  a.plan === b.plan && a.period === b.period && a.storage === b.storage && a.security === b.security && a.marketing === b.marketing;

type Step =
  | { kind: 'choosing' }
  | { kind: 'previewing' }
  | { kind: 'previewed'; preview: PlanChangePreview; of: PlanConfiguration }
  | { kind: 'confirming'; preview: PlanChangePreview; of: PlanConfiguration };

interface ChangePlanDialogProps {
  order: Order;
  current: PlanConfiguration;
  onClose: () => void;
  /** Stripe has the new items; the order follows through the webhook. */
  onChanged: () => void;
}

/**
 * Another plan of the same service, the other billing period, add-ons on or off: Preview asks
 * Stripe's invoice preview through manageSubscription what is due now and what each period costs
 * after, and Confirm change makes that change (docs/decisions/0114-plan-changes-and-proration.md).
 * A failure is said here and every choice stays as it was.
 */
export function ChangePlanDialog({ order, current, onClose, onChanged }: ChangePlanDialogProps) {
  const formId = useId();
  const resultId = useId();
  const change = usePlanChange(order, current, onChanged);
  const { step, busy, shown } = change;

  return (
    <Modal
      open
      title={CHANGE_PLAN_TEXTS.title}
      onClose={busy ? () => undefined : onClose}
      actions={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button id={change.previewId} type="submit" form={formId} variant="secondary" busy={step.kind === 'previewing'}>
            {step.kind === 'previewing' ? 'Previewing…' : CHANGE_PLAN_TEXTS.preview}
          </Button>
          <Button
            id={change.confirmId}
            onClick={() => void change.confirm()}
            busy={step.kind === 'confirming'}
            disabled={!shown}
            aria-describedby={resultId}
          >
            {step.kind === 'confirming' ? 'Changing…' : CHANGE_PLAN_TEXTS.confirm}
          </Button>
        </>
      }
    >
      <form id={formId} className={styles.form} onSubmit={(event) => void change.preview(event)} noValidate>
        <p className={styles.now}>
          {SERVICE_LABELS[order.product]}: now {planLabel(order.tier)}, {amountText(order)}
        </p>
        <PlanChoiceFields name={formId} choice={change.choice} current={current} busy={busy} choose={change.choose} />
        <PreviewResult id={resultId} shown={shown} />
        {change.error && (
          <p role="alert" className={styles.error}>
            {change.error}
          </p>
        )}
      </form>
    </Modal>
  );
}

/** The dialog's steps: what is chosen, the preview of exactly that choice, and the error of the
 *  last try. */
function usePlanChange(order: Order, current: PlanConfiguration, onChanged: () => void) {
  const { user } = useAuth();
  const confirmId = useId();
  const previewId = useId();
  const [choice, setChoice] = useState<PlanConfiguration>(current);
  const [step, setStep] = useState<Step>({ kind: 'choosing' });
  const [error, setError] = useState<string | null>(null);
  const busy = step.kind === 'previewing' || step.kind === 'confirming';
  const shown = (step.kind === 'previewed' || step.kind === 'confirming') && sameConfiguration(step.of, choice) ? step.preview : null;

  // A busy button is disabled, which drops the focus: it goes on to the next step (Confirm once a
  // preview is in, Preview again after a failure), so a keyboard stays in the dialog's flow.
  const [focusNext, setFocusNext] = useState<string | null>(null);
  useEffect(() => {
    if (focusNext) document.getElementById(focusNext)?.focus();
  }, [focusNext, step]);

  const choose = (change: Partial<PlanConfiguration>) => {
    if (busy) return;
    setChoice((before) => ({ ...before, ...change }));
    setError(null);
  };

  const preview = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !user) return;
    if (sameConfiguration(choice, current)) {
      setError(MANAGE_SUBSCRIPTION_MESSAGES.samePlan);
      return;
    }
    const asked = choice;
    setError(null);
    setStep({ kind: 'previewing' });
    const { previewPlanChange } = await import('../plan-changes-api');
    const outcome = await previewPlanChange(user, order.id, asked).catch(unexpected);
    if (outcome.ok) {
      setStep({ kind: 'previewed', preview: outcome.value, of: asked });
      setFocusNext(confirmId);
    } else {
      setStep({ kind: 'choosing' });
      setError(outcome.message);
      setFocusNext(previewId);
    }
  };

  const confirm = async () => {
    if (busy || !user || !shown) return;
    const asked = choice;
    setError(null);
    setStep({ kind: 'confirming', preview: shown, of: asked });
    const { confirmPlanChange } = await import('../plan-changes-api');
    const outcome = await confirmPlanChange(user, order.id, asked, shown).catch(unexpected);
    if (outcome.ok) {
      onChanged();
      return;
    }
    setStep({ kind: 'previewed', preview: shown, of: asked });
    setError(outcome.message);
    setFocusNext(confirmId);
  };

  return { choice, choose, step, busy, shown, error, preview, confirm, previewId, confirmId };
}

interface PlanChoiceFieldsProps {
  /** The radio groups' names start with it. */
  name: string;
  choice: PlanConfiguration;
  /** What the customer has now: marked in words, which are part of each choice's name. */
  current: PlanConfiguration;
  busy: boolean;
  choose: (change: Partial<PlanConfiguration>) => void;
}

/** The plan, the billing period and the add-ons, each priced for the chosen period, what the
 *  customer has now marked as such. */
function PlanChoiceFields({ name, choice, current, busy, choose }: PlanChoiceFieldsProps) {
  const period = choice.period;
  const storage = PLAN_DETAILS[choice.plan].figures?.storageAddOn;
  return (
    <>
      <fieldset className={styles.group} disabled={busy}>
        <legend className={styles.legend}>Plan</legend>
        {PRICED_PLANS.map((plan) => (
          <label key={plan} className={styles.option}>
            <input type="radio" name={`${name}-plan`} value={plan} checked={choice.plan === plan} onChange={() => choose({ plan })} />
            <span>
              {PLAN_NAMES[plan]} <small>{planPrice(plan, period)}</small>
              {plan === current.plan && <CurrentMark text={CHANGE_PLAN_TEXTS.currentPlan} />}
            </span>
          </label>
        ))}
      </fieldset>
      <fieldset className={styles.group} disabled={busy}>
        <legend className={styles.legend}>Billing period</legend>
        {(['monthly', 'yearly'] as const).map((value) => (
          <label key={value} className={styles.option}>
            <input
              type="radio"
              name={`${name}-period`}
              value={value}
              checked={period === value}
              onChange={() => choose({ period: value })}
            />
            <span>
              {value === 'monthly' ? 'Monthly' : 'Yearly'}
              {value === current.period && <CurrentMark text={CHANGE_PLAN_TEXTS.current} />}
            </span>
          </label>
        ))}
      </fieldset>
      <fieldset className={styles.group} disabled={busy}>
        <legend className={styles.legend}>Add-ons</legend>
        <AddOnSwitch
          label={`${ADD_ON_LABELS.storage}${storage ? ` (${storage.size}, +${formatUsd(storage.priceCents)})` : ''}`}
          on={choice.storage}
          current={current.storage}
          onChange={(on) => choose({ storage: on })}
        />
        <AddOnSwitch
          label={`${ADD_ON_LABELS.security} (+${formatUsd(SECURITY_ADD_ON_CENTS)})`}
          on={choice.security}
          current={current.security}
          onChange={(on) => choose({ security: on })}
        />
        <AddOnSwitch
          label={`${ADD_ON_LABELS.marketing} (+${formatUsd(MARKETING_ADD_ON_CENTS)})`}
          on={choice.marketing}
          current={current.marketing}
          onChange={(on) => choose({ marketing: on })}
        />
      </fieldset>
    </>
  );
}

/** What the previewed change costs, said as it arrives; until then, that a preview comes first. */
function PreviewResult({ id, shown }: { id: string; shown: PlanChangePreview | null }) {
  return (
    <div id={id} className={styles.result} aria-live="polite">
      {shown ? (
        <>
          <p className={styles.due}>
            {dueNowText(shown)}
            {shown.creditCents === 0 && shown.taxCents > 0 && (
              <span className={styles.tax}> including {formatUsd(shown.taxCents)} tax</span>
            )}
          </p>
          {shown.creditCents > 0 && <p>{creditText({ cents: shown.creditCents, taxCents: shown.taxCents })}</p>}
          <p className={styles.then}>{thenText(shown)}</p>
          {shown.nextPaymentAt !== null && <p>Next payment: {formatBillingDate(shown.nextPaymentAt)}</p>}
        </>
      ) : (
        <p className={styles.hint}>{CHANGE_PLAN_TEXTS.previewFirst}</p>
      )}
    </div>
  );
}

function planPrice(plan: PricedPlanId, period: BillingPeriod): string {
  const price = PLAN_PRICES[plan]!;
  return `${formatUsd(period === 'yearly' ? price.yearlyCents : price.monthlyCents)} ${periodSuffix(period)}`;
}

interface AddOnSwitchProps {
  label: string;
  on: boolean;
  /** Whether the customer's plan has it now. */
  current: boolean;
  onChange: (on: boolean) => void;
}

function AddOnSwitch({ label, on, current, onChange }: AddOnSwitchProps) {
  return (
    <label className={styles.switch}>
      <input type="checkbox" role="switch" checked={on} onChange={(event) => onChange(event.target.checked)} />
      <span>
        {label}
        {current && <CurrentMark text={CHANGE_PLAN_TEXTS.inPlan} />}
      </span>
    </label>
  );
}

/** Words, not a tint: the mark is read out with the choice it belongs to. */
function CurrentMark({ text }: { text: string }) {
  return (
    <>
      {' '}
      <small className={styles.current}>{text}</small>
    </>
  );
}

function unexpected(error: unknown): Outcome<never> {
  return { ok: false, status: null, message: error instanceof Error ? error.message : String(error) };
}
