import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useStoreTypes } from '@/api/initial-data';
import type { Store } from '@/api/stores';
import { STORE_SEARCH_DEBOUNCE_MS, STORE_SEARCH_MAX_QUERY_LENGTH } from '@/config/constants';
import { t } from '@/i18n/ja';
import { useStoreSearch, type Place } from '../api/search-stores';
import { searchView } from '../lib/search-view';
import styles from './StoreSearch.module.css';

type Option = { kind: 'store'; store: Store } | { kind: 'place'; place: Place };

function useDebounced(value: string, ms: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const id = window.setTimeout(() => setDebounced(value), ms);
    return () => window.clearTimeout(id);
  }, [value, ms]);
  return debounced;
}

interface StoreSearchProps {
  onPickStore: (store: Store) => void;
  onPickPlace: (place: Place) => void;
}

/**
 * The /map search box: a combobox that asks GET /stores/search once typing pauses
 * and lists the matching stores and places; ↑/↓ and Enter choose, Escape closes.
 */
export function StoreSearch({ onPickStore, onPickPlace }: StoreSearchProps) {
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const listId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const trimmed = text.trim();
  const tooLong = Array.from(trimmed).length > STORE_SEARCH_MAX_QUERY_LENGTH;
  const query = useDebounced(tooLong ? '' : trimmed, STORE_SEARCH_DEBOUNCE_MS);
  // Where the map is looking when the query is sent: the server ranks the stores by it.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- read anew for each query only
  const near = useMemo(() => searchView(), [query]);
  const search = useStoreSearch(query, near);
  const storeTypes = useStoreTypes();

  // A query that names a place lists the place first: it is most likely what was meant.
  const options: Option[] =
    query && search.data
      ? [
          ...search.data.places.map((place): Option => ({ kind: 'place', place })),
          ...search.data.stores.map((store): Option => ({ kind: 'store', store })),
        ]
      : [];
  const showList = open && trimmed.length > 0;
  const optionId = (i: number) => `${listId}-o${i}`;

  const pick = (option: Option) => {
    setOpen(false);
    setActive(-1);
    if (option.kind === 'store') {
      setText(option.store.name);
      onPickStore(option.store);
    } else {
      setText(option.place.name);
      onPickPlace(option.place);
    }
    inputRef.current?.blur();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (options.length === 0) return;
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i + step + options.length + (i < 0 && step < 0 ? 1 : 0)) % options.length);
    } else if (event.key === 'Enter') {
      const option = options[active >= 0 ? active : 0];
      if (option && showList) {
        event.preventDefault();
        pick(option);
      }
    } else if (event.key === 'Escape') {
      if (showList) {
        event.preventDefault();
        event.stopPropagation();
        setOpen(false);
      } else if (text) {
        setText('');
      }
    }
  };

  const placeCount = search.data && query ? search.data.places.length : 0;
  const waiting = trimmed !== query || search.isFetching;

  return (
    <div className={styles.search} role="search">
      <div className={styles.field}>
        <span className={styles.icon} aria-hidden="true">
          🔍
        </span>
        <input
          ref={inputRef}
          className={styles.input}
          type="search"
          role="combobox"
          aria-label={t('search.label')}
          aria-expanded={showList}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={showList && active >= 0 ? optionId(active) : undefined}
          placeholder={t('search.placeholder')}
          value={text}
          enterKeyHint="search"
          autoComplete="off"
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
          data-testid="store-search-input"
        />
        {text && (
          <button
            type="button"
            className={styles.clear}
            aria-label={t('search.clear')}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => {
              setText('');
              inputRef.current?.focus();
            }}
          >
            ×
          </button>
        )}
      </div>
      <div className={styles.results} hidden={!showList} data-testid="store-search-results">
        {tooLong ? (
          <p className={styles.message} role="status">
            {t('search.tooLong', { n: STORE_SEARCH_MAX_QUERY_LENGTH })}
          </p>
        ) : search.isError && !waiting ? (
          <p className={styles.message} role="alert">
            {t('search.error')}
          </p>
        ) : options.length === 0 ? (
          <p className={styles.message} role="status">
            {waiting ? t('search.loading') : t('search.empty', { q: trimmed })}
          </p>
        ) : null}
        <ul id={listId} role="listbox" aria-label={t('search.results')} className={styles.list}>
          {options.map((option, i) => {
            const first = i === 0 || (option.kind === 'store' && i === placeCount);
            return (
              <li
                key={option.kind === 'store' ? `s${option.store.id}` : `p${option.place.name}${option.place.prefecture ?? ''}`}
                id={optionId(i)}
                role="option"
                aria-selected={i === active}
                className={styles.option}
                data-active={i === active ? 'true' : undefined}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => pick(option)}
              >
                {first && (
                  <span className={styles.group} aria-hidden="true">
                    {t(option.kind === 'store' ? 'search.stores' : 'search.places')}
                  </span>
                )}
                <span className={styles.optionName}>
                  {/* The store's own type icon (カードショップ, コンビニ …), as on its marker. */}
                  <span aria-hidden="true">
                    {option.kind === 'store' ? (storeTypes.get(option.store.store_type)?.icon ?? '🏪') : '📍'}
                  </span>{' '}
                  {option.kind === 'store' ? option.store.name : option.place.name}
                </span>
                <span className={styles.optionSub}>
                  {option.kind === 'store'
                    ? [option.store.prefecture_name, option.store.city].filter(Boolean).join('')
                    : (option.place.prefecture_name ?? '')}
                </span>
              </li>
            );
          })}
        </ul>
      </div>
    </div>
  );
}
