import { useId } from 'react';
import styles from './SegmentedRadio.module.css';

interface SegmentedRadioProps<V extends string> {
  legend: string;
  /** A short name for the radio group (unique per form). */
  name: string;
  options: ReadonlyArray<{ value: V; label: string }>;
  /** null: nothing chosen yet. */
  value: V | null;
  onChange: (value: V) => void;
  required?: boolean;
  requiredLabel?: string;
  testIdPrefix?: string;
}

/** A radio group drawn as a segmented control: native radios, so arrow keys and labels just work. */
export function SegmentedRadio<V extends string>({
  legend,
  name,
  options,
  value,
  onChange,
  required,
  requiredLabel,
  testIdPrefix,
}: SegmentedRadioProps<V>) {
  const id = useId();
  return (
    <fieldset className={styles.group}>
      <legend className={styles.legend}>
        {legend}
        {required && requiredLabel && <span className={styles.required}>{requiredLabel}</span>}
      </legend>
      {/* Equal shares of the width, but never narrower than a label on one line: five methods
          on a phone give 店頭抽選 more room than 予約 instead of breaking it in two. */}
      <div
        className={styles.segments}
        style={{ gridTemplateColumns: `repeat(${options.length}, minmax(min-content, 1fr))` }}
      >
        {options.map((option) => (
          <label key={option.value} className={styles.segment}>
            <input
              type="radio"
              name={`${name}-${id}`}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              required={required}
              data-testid={testIdPrefix ? `${testIdPrefix}-${option.value}` : undefined}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
