import { useId } from 'react';
import lists from '../lists/lists.module.scss';

interface FilterSelectProps<V extends string> {
  label: string;
  /** What the empty choice says: "All actions". */
  all: string;
  options: readonly V[];
  words: (value: V) => string;
  value: V | null;
  onChange: (value: V | null) => void;
}

/** A list's filter where the choices have no counts to show beside them (an action of the audit log,
 *  a trade-in's state), as one select in the list's toolbar. */
export function FilterSelect<V extends string>({ label, all, options, words, value, onChange }: FilterSelectProps<V>) {
  const id = useId();
  return (
    <div className={lists.toolbar}>
      <div className={lists.sort}>
        <label htmlFor={id}>{label}</label>
        <select
          id={id}
          className={lists.sortSelect}
          value={value ?? ''}
          onChange={(event) => onChange((event.currentTarget.value || null) as V | null)}
        >
          <option value="">{all}</option>
          {options.map((each) => (
            <option key={each} value={each}>
              {words(each)}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
