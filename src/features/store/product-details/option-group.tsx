import { useId, type ReactNode } from 'react';
import styles from './configuration.module.scss';

export interface Option<T extends string> {
  value: T;
  label: ReactNode;
}

interface OptionGroupProps<T extends string> {
  legend: ReactNode;
  options: readonly Option<T>[];
  value: T;
  onChange: (value: T) => void;
  /** Shown beside the legend, e.g. an info button. */
  aside?: ReactNode;
}

/** A labelled group of native radio buttons drawn as a segmented control: arrow keys move the
 *  choice, as in any radio group. */
export function OptionGroup<T extends string>({ legend, options, value, onChange, aside }: OptionGroupProps<T>) {
  const name = useId();
  return (
    <fieldset className={styles.group}>
      <legend className={styles.legend}>{legend}</legend>
      {aside}
      <div className={styles.segmented}>
        {options.map((option) => (
          <label key={option.value} className={styles.option}>
            <input type="radio" name={name} value={option.value} checked={value === option.value} onChange={() => onChange(option.value)} />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
