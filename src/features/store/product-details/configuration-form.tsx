import { useState, type RefObject } from 'react';
import {
  ADD_ON_LABELS,
  MARKETING_ADD_ON_CENTS,
  SECURITY_ADD_ON_CENTS,
  TRADE_IN_PROVIDER_LABELS,
  TRADE_IN_PROVIDERS,
  isTradeInProvider,
} from '@/catalog/add-ons';
import { formatUsd } from '@/catalog/money';
import { PLAN_DETAILS, PLAN_PRICES, type PricedPlanId } from '@/catalog/plans';
import type { BillingPeriod } from '@/catalog/pricing';
import { FormField } from '@/ui/form-field';
import type { Configuration } from './configuration';
import { OptionGroup } from './option-group';
import styles from './configuration.module.scss';
import { TradeInModal } from './trade-in-modal';

interface ConfigurationFormProps {
  plan: PricedPlanId;
  configuration: Configuration;
  onChange: (change: Partial<Configuration>) => void;
  /** Shown under the platform list when checkout was tried without a platform. */
  providerError?: string;
  providerRef: RefObject<HTMLSelectElement | null>;
}

type Level = 'none' | 'full';
const level = (on: boolean): Level => (on ? 'full' : 'none');

function levelOptions(priceCents: number) {
  return [
    { value: 'none' as const, label: 'None' },
    { value: 'full' as const, label: `Full (+${formatUsd(priceCents)})` },
  ];
}

/** The choices of a priced plan: billing period, add-ons and trade-in. */
export function ConfigurationForm({ plan, configuration, onChange, providerError, providerRef }: ConfigurationFormProps) {
  const storage = PLAN_DETAILS[plan].figures!.storageAddOn;

  return (
    <div className={styles.choices}>
      <BillingChoice plan={plan} period={configuration.period} onChange={(period) => onChange({ period })} />

      <fieldset className={styles.group}>
        <legend className={styles.legend}>{ADD_ON_LABELS.storage}</legend>
        <label className={styles.check}>
          <input type="checkbox" checked={configuration.storage} onChange={(event) => onChange({ storage: event.target.checked })} />
          <span>
            Add {storage.size} of storage (+{formatUsd(storage.priceCents)})
          </span>
        </label>
      </fieldset>

      <OptionGroup<Level>
        legend={ADD_ON_LABELS.security}
        value={level(configuration.security)}
        onChange={(value) => onChange({ security: value === 'full' })}
        options={levelOptions(SECURITY_ADD_ON_CENTS)}
      />

      <OptionGroup<Level>
        legend={ADD_ON_LABELS.marketing}
        value={level(configuration.marketing)}
        onChange={(value) => onChange({ marketing: value === 'full' })}
        options={levelOptions(MARKETING_ADD_ON_CENTS)}
      />

      <TradeInChoice configuration={configuration} onChange={onChange} providerError={providerError} providerRef={providerRef} />
    </div>
  );
}

/** Monthly or yearly, each with the plan's price for it. */
function BillingChoice({
  plan,
  period,
  onChange,
}: {
  plan: PricedPlanId;
  period: BillingPeriod;
  onChange: (period: BillingPeriod) => void;
}) {
  const price = PLAN_PRICES[plan]!;
  return (
    <OptionGroup<BillingPeriod>
      legend="Billing"
      value={period}
      onChange={onChange}
      options={[
        {
          value: 'monthly',
          label: (
            <>
              Monthly <small>{formatUsd(price.monthlyCents)}/mo</small>
            </>
          ),
        },
        {
          value: 'yearly',
          label: (
            <>
              Yearly <small>{formatUsd(price.yearlyCents)}/yr</small>
            </>
          ),
        },
      ]}
    />
  );
}

/** Whether an application is traded in and, if so, the platform it runs on; the reward explained
 *  in a dialog. */
function TradeInChoice({ configuration, onChange, providerError, providerRef }: Omit<ConfigurationFormProps, 'plan'>) {
  const [tradeInInfoOpen, setTradeInInfoOpen] = useState(false);
  return (
    <>
      <OptionGroup<'no' | 'yes'>
        legend="Do you have an application to trade in?"
        value={configuration.tradeIn ? 'yes' : 'no'}
        onChange={(answer) => onChange({ tradeIn: answer === 'yes' })}
        options={[
          { value: 'no', label: 'No' },
          { value: 'yes', label: 'Yes' },
        ]}
        aside={
          <button type="button" className={styles.info} onClick={() => setTradeInInfoOpen(true)}>
            <span aria-hidden="true">i</span> About the trade-in reward
          </button>
        }
      />
      {configuration.tradeIn && (
        <FormField label="Where does your application run?" error={providerError}>
          {(control) => (
            <select
              {...control}
              ref={providerRef}
              value={configuration.tradeInProvider}
              onChange={(event) => onChange({ tradeInProvider: isTradeInProvider(event.target.value) ? event.target.value : '' })}
            >
              <option value="">Choose a platform</option>
              {TRADE_IN_PROVIDERS.map((provider) => (
                <option key={provider} value={provider}>
                  {TRADE_IN_PROVIDER_LABELS[provider]}
                </option>
              ))}
            </select>
          )}
        </FormField>
      )}
      <TradeInModal open={tradeInInfoOpen} onClose={() => setTradeInInfoOpen(false)} />
    </>
  );
}
