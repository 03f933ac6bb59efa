import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useStore } from '@/api/stores';
import { Alert } from '@/components/ui/Alert';
import { Field } from '@/components/ui/Field';
import { Spinner } from '@/components/ui/Spinner';
import { paths } from '@/config/paths';
import { tl } from '@/i18n/ja-lottery';
import { ApiError } from '@/lib/api';
import { useAuth } from '@/stores/auth-store';
import form from '@/styles/form.module.css';
import ui from '@/styles/ui.module.css';
import {
  LOTTERY_CONDITIONS,
  LOTTERY_METHODS,
  MAX_LOTTERY_NOTE_CHARS,
  MAX_LOTTERY_PRODUCT_NAME_CHARS,
  submitLottery,
  type LotteryCondition,
  type LotteryInput,
  type LotteryMethod,
} from '../api/lotteries';
import { productsQuery } from '@/api/products';
import { japanInputToIso } from '../lib/lottery-time';
import styles from './Lotteries.module.css';

/** The product select's value for 「その他」 (a name typed by hand). */
const OTHER = 'other';

interface Values {
  product: string; // a catalogue id, or OTHER
  productName: string;
  methods: LotteryMethod[];
  applyStart: string; // datetime-local, Japan time
  applyEnd: string;
  resultAt: string;
  purchaseStart: string;
  purchaseEnd: string;
  conditions: LotteryCondition[];
  note: string;
  url: string;
}

const EMPTY: Values = { product: '', productName: '', methods: [], applyStart: '', applyEnd: '', resultAt: '', purchaseStart: '', purchaseEnd: '', conditions: [], note: '', url: '' };

type Errors = Partial<Record<'product' | 'methods' | 'window' | 'purchase' | 'note' | 'url', string>>;

/** The form's own checks, the server's rules (core's checked_lottery) in short; the server has the last word. */
function check(v: Values): Errors {
  const errors: Errors = {};
  if (!v.product || (v.product === OTHER && !v.productName.trim())) errors.product = tl('form.productRequired');
  if (v.methods.length === 0) errors.methods = tl('form.methodRequired');
  if (!v.applyStart || !v.applyEnd) errors.window = tl('form.windowRequired');
  else if (v.applyEnd <= v.applyStart) errors.window = tl('form.windowOrder');
  if (Boolean(v.purchaseStart) !== Boolean(v.purchaseEnd)) errors.purchase = tl('form.purchaseBoth');
  if (v.conditions.includes('other') && !v.note.trim()) errors.note = tl('form.noteRequired');
  if (v.url.trim() && !/^https?:\/\/[^\s/?#]/.test(v.url.trim())) errors.url = tl('form.urlInvalid');
  return errors;
}

function toInput(storeId: number, v: Values): LotteryInput {
  const optional = (local: string) => japanInputToIso(local) || null;
  return {
    store_id: storeId,
    product_id: v.product === OTHER ? null : Number(v.product),
    product_name: v.product === OTHER ? v.productName.trim() : '',
    methods: v.methods,
    apply_start: japanInputToIso(v.applyStart),
    apply_end: japanInputToIso(v.applyEnd),
    result_at: optional(v.resultAt),
    purchase_start: optional(v.purchaseStart),
    purchase_end: optional(v.purchaseEnd),
    conditions: v.conditions,
    condition_note: v.note.trim(),
    source_url: v.url.trim(),
  };
}

function toggle<T>(list: T[], item: T, on: boolean): T[] {
  return on ? [...list.filter((x) => x !== item), item] : list.filter((x) => x !== item);
}

/**
 * /lotteries/new?store=ID 抽選情報を登録: a signed-in user's lottery entry for the store the
 * sheet opened it from. Dates are typed in Japan time whatever the device's zone. The
 * server says whether it is shown at once or after an admin's check.
 */
export function LotteryForm() {
  const [params] = useSearchParams();
  const storeParam = Number(params.get('store'));
  const storeId = Number.isInteger(storeParam) && storeParam > 0 ? storeParam : null;
  const { user, isLoading } = useAuth();
  const store = useStore(storeId);
  const products = useQuery(productsQuery());
  const [values, setValues] = useState<Values>(EMPTY);
  const [showErrors, setShowErrors] = useState(false);
  const queryClient = useQueryClient();
  const submit = useMutation({
    mutationFn: (body: LotteryInput) => submitLottery(body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['lotteries'] }),
  });
  const errors = check(values);
  const shown = showErrors ? errors : {};

  if (isLoading) return <Spinner label={tl('form.storeLoading')} />;
  if (!user)
    return (
      <div className={styles.state}>
        <p>{tl('form.loginRequired')}</p>
        <Link to={paths.login.getHref()} className={ui.primary}>
          {tl('form.login')}
        </Link>
      </div>
    );
  if (storeId === null) return <Alert type="error">{tl('form.storeMissing')}</Alert>;
  if (submit.isSuccess)
    return (
      <div className={styles.state} data-testid="lottery-done">
        <Alert type="success">{submit.data.message || tl('form.done')}</Alert>
        <div className={styles.titleRow}>
          <Link to={paths.lotteries.getHref()} className={ui.primary}>
            {tl('form.toList')}
          </Link>
          <Link to={paths.map.getHref({ store: storeId })} className={ui.secondary}>
            {tl('form.toMap')}
          </Link>
        </div>
      </div>
    );

  const set = (key: keyof Values) => (event: { target: { value: string } }) => setValues({ ...values, [key]: event.target.value });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setShowErrors(true);
    if (Object.keys(errors).length > 0 || submit.isPending) return;
    submit.mutate(toInput(storeId, values));
  };

  return (
    <form className={form.form} onSubmit={onSubmit} noValidate aria-label={tl('form.title')}>
      <Field label={tl('form.store')}>
        <output className={styles.storeName}>{store.data ? store.data.name : store.isError ? tl('form.storeMissing') : tl('form.storeLoading')}</output>
      </Field>
      <Field label={tl('form.product')} required error={shown.product ?? null}>
        <select className={form.select} name="product" value={values.product} onChange={set('product')}>
          <option value="">―</option>
          {(products.data ?? []).map((p) => (
            <option key={p.id} value={String(p.id)}>
              {p.name}
            </option>
          ))}
          <option value={OTHER}>{tl('form.productOther')}</option>
        </select>
      </Field>
      {values.product === OTHER && (
        <Field label={tl('form.productName')} required>
          <input className={form.input} name="product_name" value={values.productName} onChange={set('productName')} maxLength={MAX_LOTTERY_PRODUCT_NAME_CHARS} autoComplete="off" />
        </Field>
      )}
      <fieldset className={styles.checks} aria-describedby={shown.methods ? 'lottery-methods-error' : undefined}>
        <legend>{tl('form.methods')}</legend>
        {LOTTERY_METHODS.map((m) => (
          <label key={m} className={form.check}>
            <input type="checkbox" name="methods" value={m} checked={values.methods.includes(m)} onChange={(e) => setValues({ ...values, methods: toggle(values.methods, m, e.target.checked) })} />
            <span>{tl(`method.${m}`)}</span>
          </label>
        ))}
      </fieldset>
      {shown.methods && (
        <p id="lottery-methods-error" className={form.fieldError} role="alert">
          {shown.methods}
        </p>
      )}
      <div className={styles.row}>
        <Field label={tl('form.applyStart')} required error={shown.window ?? null}>
          <input className={form.input} type="datetime-local" name="apply_start" value={values.applyStart} onChange={set('applyStart')} />
        </Field>
        <Field label={tl('form.applyEnd')} required>
          <input className={form.input} type="datetime-local" name="apply_end" value={values.applyEnd} onChange={set('applyEnd')} />
        </Field>
      </div>
      <Field label={tl('form.resultAt')} optional>
        <input className={form.input} type="datetime-local" name="result_at" value={values.resultAt} onChange={set('resultAt')} />
      </Field>
      <div className={styles.row}>
        <Field label={tl('form.purchaseStart')} optional error={shown.purchase ?? null}>
          <input className={form.input} type="datetime-local" name="purchase_start" value={values.purchaseStart} onChange={set('purchaseStart')} />
        </Field>
        <Field label={tl('form.purchaseEnd')} optional>
          <input className={form.input} type="datetime-local" name="purchase_end" value={values.purchaseEnd} onChange={set('purchaseEnd')} />
        </Field>
      </div>
      <fieldset className={styles.checks}>
        <legend>{tl('form.conditions')}</legend>
        {LOTTERY_CONDITIONS.map((c) => (
          <label key={c} className={form.check}>
            <input type="checkbox" name="conditions" value={c} checked={values.conditions.includes(c)} onChange={(e) => setValues({ ...values, conditions: toggle(values.conditions, c, e.target.checked) })} />
            <span>{tl(`condition.${c}`)}</span>
          </label>
        ))}
      </fieldset>
      <Field label={tl('form.conditionNote')} optional hint={tl('form.conditionNoteHint', { n: [...values.note].length, max: MAX_LOTTERY_NOTE_CHARS })} error={shown.note ?? null}>
        <input className={form.input} name="condition_note" value={values.note} onChange={set('note')} maxLength={MAX_LOTTERY_NOTE_CHARS} autoComplete="off" />
      </Field>
      <Field label={tl('form.sourceUrl')} optional error={shown.url ?? null}>
        <input className={form.input} type="url" inputMode="url" name="source_url" value={values.url} onChange={set('url')} placeholder="https://" autoComplete="off" />
      </Field>
      {submit.error && <Alert type="error">{submit.error instanceof ApiError || submit.error instanceof Error ? submit.error.message : tl('list.error')}</Alert>}
      <button type="submit" className={ui.primary} disabled={submit.isPending} aria-busy={submit.isPending}>
        {submit.isPending ? tl('form.submitting') : tl('form.submit')}
      </button>
    </form>
  );
}
