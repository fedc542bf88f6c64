import { useVirtualizer } from '@tanstack/react-virtual';
import { useDeferredValue, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Province, searchPlaces } from '../../../contract/places';
import fieldStyles from '../../../ui/Field.module.css';
import { Icon } from '../../../ui/Icon';
import { Sheet } from '../../../ui/Sheet';
import styles from './PersonalInfo.module.css';

const ROW_HEIGHT = 52;

/** The sheet's list: searched by name, drawn a screenful at a time (Cebu alone has 53 towns, all: 1,642). */
function PlaceList<T extends Province>({
  places,
  selected,
  searchLabel,
  detail,
  onPick,
}: {
  places: readonly T[];
  selected: string;
  searchLabel: string;
  detail?: (place: T) => string | undefined;
  onPick: (place: T) => void;
}) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const found = useMemo(() => searchPlaces(places, deferred), [places, deferred]);
  const scroller = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read in render by design
  const virtualizer = useVirtualizer({
    count: found.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
  });
  return (
    <div className={styles.picker}>
      <div className={fieldStyles.control}>
        <input
          className={fieldStyles.input}
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          // The sheet sits inside the form: Enter searches, it must not submit.
          onKeyDown={(event) => {
            if (event.key === 'Enter') event.preventDefault();
          }}
          placeholder={searchLabel}
          aria-label={searchLabel}
          autoComplete="off"
          enterKeyHint="search"
        />
      </div>
      {found.length === 0 ? (
        <p className={styles.noMatch}>{t('kycProfile.noMatch', { query: deferred })}</p>
      ) : (
        <div ref={scroller} className={styles.pickerList} role="listbox" aria-label={searchLabel}>
          <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {virtualizer.getVirtualItems().map((row) => {
              const place = found[row.index]!;
              const extra = detail?.(place);
              return (
                <button
                  key={place.code}
                  type="button"
                  role="option"
                  aria-selected={place.code === selected}
                  className={styles.pickerRow}
                  style={{ height: ROW_HEIGHT, transform: `translateY(${row.start}px)` }}
                  onClick={() => onPick(place)}
                >
                  <span>{place.name}</span>
                  {extra && <span className={styles.pickerDetail}>{extra}</span>}
                </button>
              );
            })}
          </div>
        </div>
      )}
    </div>
  );
}

/**
 * A field that opens a searchable list of places in a bottom sheet (province, then city or municipality).
 * The list is undefined while the places download; the field then says so and cannot open.
 */
export function PlacePicker<T extends Province>({
  label,
  placeholder,
  searchLabel,
  places,
  value,
  error,
  hint,
  detail,
  onChange,
  testId,
}: {
  label: string;
  placeholder: string;
  searchLabel: string;
  places: readonly T[] | undefined;
  value: string;
  error?: string | undefined;
  hint?: string | undefined;
  detail?: (place: T) => string | undefined;
  onChange: (place: T) => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [open, setOpen] = useState(false);
  const chosen = places?.find((place) => place.code === value);
  return (
    <div className={`${fieldStyles.field} ${error ? fieldStyles.invalid : ''}`}>
      <span className={fieldStyles.label} id={`${id}-label`}>
        {label}
      </span>
      <button
        type="button"
        className={`${fieldStyles.control} ${styles.pickerButton}`}
        aria-labelledby={`${id}-label ${id}-value`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        aria-haspopup="listbox"
        disabled={!places}
        onClick={() => setOpen(true)}
        data-testid={testId}
      >
        <span id={`${id}-value`} className={chosen ? styles.pickerValue : styles.pickerPlaceholder}>
          {chosen?.name ?? (places ? placeholder : t('common.loading'))}
        </span>
        <span className={styles.pickerChevron}>
          <Icon name="chevron" size={18} />
        </span>
      </button>
      {error && (
        <span id={`${id}-error`} className={fieldStyles.error} role="alert">
          {error}
        </span>
      )}
      {hint && !error && <span className={fieldStyles.hint}>{hint}</span>}
      {open && places && (
        <Sheet title={label} closeLabel={t('common.close')} onClose={() => setOpen(false)}>
          <PlaceList
            places={places}
            selected={value}
            searchLabel={searchLabel}
            {...(detail ? { detail } : {})}
            onPick={(place) => {
              onChange(place);
              setOpen(false);
            }}
          />
        </Sheet>
      )}
    </div>
  );
}
