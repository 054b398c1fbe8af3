import styles from '../staff.module.scss';

interface StatusFilterProps<S extends string> {
  /** What is filtered, for the group's name: "Show inquiries". */
  legend: string;
  statuses: readonly S[];
  words: Readonly<Record<S, string>>;
  counts: Readonly<Record<S, number>>;
  total: number;
  value: 'all' | S;
  onChange: (value: 'all' | S) => void;
}

/** Toggle buttons for the states of a list, each with its count; one is pressed. */
export function StatusFilter<S extends string>({ legend, statuses, words, counts, total, value, onChange }: StatusFilterProps<S>) {
  const options: { key: 'all' | S; label: string; count: number }[] = [
    { key: 'all', label: 'All', count: total },
    ...statuses.map((status) => ({ key: status, label: words[status], count: counts[status] })),
  ];
  return (
    <fieldset className={styles.filters}>
      <legend>{legend}</legend>
      {options.map((option) => (
        <button
          key={option.key}
          type="button"
          className={styles.filter}
          aria-pressed={value === option.key}
          onClick={() => onChange(option.key)}
        >
          {option.label} ({option.count})
        </button>
      ))}
    </fieldset>
  );
}
