import styles from './Choice.module.css';

/**
 * One choice of a few, drawn as tiles: a group of radio buttons with its legend (the settings' language
 * and odds format, responsible gaming's periods). `wide` puts one option on each line.
 */
export function Choice<T extends string | number>({
  legend,
  name,
  value,
  options,
  onChange,
  wide,
  className,
}: {
  legend: string;
  name: string;
  value: T | null;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
  wide?: boolean;
  className?: string;
}) {
  return (
    <fieldset className={`${styles.group} ${className ?? ''}`}>
      <legend className={styles.legend}>{legend}</legend>
      <div className={`${styles.options} ${wide ? styles.wide : ''}`}>
        {options.map((option) => (
          <label key={String(option.value)} className={styles.option}>
            <input type="radio" name={name} checked={option.value === value} onChange={() => onChange(option.value)} />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
