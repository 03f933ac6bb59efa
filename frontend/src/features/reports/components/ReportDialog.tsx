import { useId, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLimits, type Limits } from '@/api/config';
import { productsQuery } from '@/api/products';
import { ConfigStatus } from '@/components/ui/ConfigStatus';
import { Dialog } from '@/components/ui/Dialog';
import { FormSubmitButton } from '@/components/ui/FormSubmitButton';
import { Field } from '@/components/ui/Field';
import { SegmentedRadio } from '@/components/ui/SegmentedRadio';
import { tr } from '@/i18n/ja-report';
import { t, type MessageKey } from '@/i18n/ja';
import { ApiError } from '@/lib/api';
import { LIMIT_UNITS, MAX_PURCHASE_LIMIT_COUNT, SALE_METHODS, type LimitUnit, type SaleMethod } from '@/lib/sale-terms';
import { showToast } from '@/stores/toast-store';
import form from '@/styles/form.module.css';
import { useCreateReport } from '../api/create-report';
import {
  buildReportBody,
  CATALOG_NONE,
  CATALOG_OTHER,
  limitCountError,
  purchasedAtError,
  salesStartError,
  toLocalInputValue,
  type ReportKind,
  type ReportProduct,
} from '../lib/report-form';
import dialogStyles from '@/components/ui/Dialog.module.css';
import styles from './ReportDialog.module.css';

export interface ReportTarget {
  id: number | string;
  name: string;
}

/**
 * The purchase report form for one store (PRODUCT §6 popup "report"): 買えた / 売り切れ,
 * パック / BOX / シングル, the product from the catalogue (or その他 as free text), when
 * (default now, not in the future) and, optionally, the sale terms: 先着 / 整理券 / 店頭抽選 /
 * 予約, a per-person limit (count and unit) and the time sales started. Its state lives only
 * while open.
 */
export function ReportDialog({ store, onClose }: { store: ReportTarget | null; onClose: () => void }) {
  const limits = useLimits();
  if (!store) return null;
  if (!limits)
    return (
      <Dialog open onClose={onClose} title={t('report.title')}>
        <ConfigStatus />
      </Dialog>
    );
  return <OpenReportDialog key={store.id} store={store} limits={limits} onClose={onClose} />;
}

function OpenReportDialog({ store, limits, onClose }: { store: ReportTarget; limits: Limits; onClose: () => void }) {
  const formId = useId();
  const [kind, setKind] = useState<ReportKind | null>(null);
  const [product, setProduct] = useState<ReportProduct | null>(null);
  const [catalog, setCatalog] = useState(CATALOG_NONE);
  const [productName, setProductName] = useState('');
  const [openedAt] = useState(() => new Date());
  const [purchasedAt, setPurchasedAt] = useState(() => toLocalInputValue(openedAt));
  const [saleMethod, setSaleMethod] = useState<SaleMethod | 'unknown' | null>(null);
  const [limitCount, setLimitCount] = useState('');
  const [limitUnit, setLimitUnit] = useState<LimitUnit>('pack');
  const [salesStartedAt, setSalesStartedAt] = useState('');
  const products = useQuery(productsQuery());
  const mutation = useCreateReport();

  const timeError = purchasedAtError(purchasedAt, limits.max_purchase_age_days);
  const countError = limitCountError(limitCount);
  const startError = salesStartError(purchasedAt, salesStartedAt);
  const valid = kind !== null && product !== null && timeError === null && countError === null && startError === null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!valid || mutation.isPending) return;
    try {
      const result = await mutation.mutateAsync(
        buildReportBody({
          storeId: store.id,
          kind,
          product,
          catalog,
          productName,
          purchasedAt,
          saleMethod: saleMethod === 'unknown' ? null : saleMethod,
          limitCount,
          limitUnit,
          salesStartedAt,
        }),
      );
      showToast(result.message || t('report.success'), 'success');
      onClose();
    } catch (error) {
      showToast(error instanceof ApiError && error.fromServer ? error.message : t('report.failed'), 'error');
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={t('report.title')}
      footer={
        <FormSubmitButton
          formId={formId}
          valid={valid}
          pending={mutation.isPending}
          label={t('report.submit')}
          pendingLabel={t('report.sending')}
          testId="report-submit"
        />
      }
    >
      <form id={formId} className={form.form} onSubmit={(e) => void submit(e)} noValidate data-testid="report-form">
        <p className={styles.store}>{store.name}</p>
        <fieldset className={dialogStyles.fieldset} disabled={mutation.isPending}>
          <SegmentedRadio
            legend={t('report.kind')}
            name="report-kind"
            options={[
              { value: 'bought', label: t('report.kind.bought') },
              { value: 'sold_out', label: t('report.kind.sold_out') },
            ]}
            value={kind}
            onChange={setKind}
            required
            requiredLabel={t('form.required')}
            testIdPrefix="report-kind"
          />
          <SegmentedRadio
            legend={t('report.product')}
            name="report-product"
            options={[
              { value: 'pack', label: t('product.pack') },
              { value: 'box', label: t('product.box') },
              { value: 'single', label: t('product.single') },
            ]}
            value={product}
            onChange={setProduct}
            required
            requiredLabel={t('form.required')}
            testIdPrefix="report-product"
          />
          <Field label={tr('catalogProduct')} optional>
            <select
              className={form.select}
              value={catalog}
              onChange={(e) => setCatalog(e.target.value)}
              data-testid="report-catalog"
            >
              <option value={CATALOG_NONE}>{products.isPending ? tr('catalogLoading') : tr('catalogNone')}</option>
              {(products.data ?? []).map((p) => (
                <option key={p.id} value={String(p.id)}>
                  {p.name}
                </option>
              ))}
              <option value={CATALOG_OTHER}>{tr('catalogOther')}</option>
            </select>
          </Field>
          {catalog === CATALOG_OTHER && (
            <Field label={tr('otherProductName')} optional>
              <input
                className={form.input}
                value={productName}
                onChange={(e) => setProductName(e.target.value)}
                maxLength={limits.max_purchase_text_chars}
                placeholder={t('report.productNamePlaceholder')}
                data-testid="report-product-name"
              />
            </Field>
          )}
          <Field label={t('report.purchasedAt')} error={timeError} required>
            <input
              type="datetime-local"
              className={form.input}
              value={purchasedAt}
              max={toLocalInputValue(openedAt)}
              onChange={(e) => setPurchasedAt(e.target.value)}
              data-testid="report-purchased-at"
            />
          </Field>
          <SegmentedRadio
            legend={tr('saleMethod')}
            name="report-method"
            options={[
              ...SALE_METHODS.map((m) => ({ value: m, label: t(`saleTerms.method.${m}` as MessageKey) })),
              { value: 'unknown' as const, label: tr('saleMethodUnknown') },
            ]}
            value={saleMethod}
            onChange={setSaleMethod}
            testIdPrefix="report-method"
          />
          <fieldset className={styles.limit}>
            <legend className={form.label}>
              {tr('limit')}
              <span className={form.badge}>{t('form.optional')}</span>
            </legend>
            <div className={styles.limitRow}>
              <span className={styles.limitPrefix}>{tr('limitPer')}</span>
              <input
                type="number"
                inputMode="numeric"
                min={1}
                max={MAX_PURCHASE_LIMIT_COUNT}
                className={`${form.input} ${styles.limitCount}`}
                value={limitCount}
                onChange={(e) => setLimitCount(e.target.value)}
                aria-label={tr('limitCount')}
                aria-invalid={countError ? true : undefined}
                data-testid="report-limit-count"
              />
              <select
                className={`${form.select} ${styles.limitUnit}`}
                value={limitUnit}
                onChange={(e) => setLimitUnit(e.target.value as LimitUnit)}
                aria-label={tr('limitUnit')}
                data-testid="report-limit-unit"
              >
                {LIMIT_UNITS.map((u) => (
                  <option key={u} value={u}>
                    {t(`saleTerms.unit.${u}` as MessageKey)}
                  </option>
                ))}
              </select>
              <span className={styles.limitPrefix}>{tr('limitUpTo')}</span>
            </div>
            {countError ? (
              <p className={form.fieldError} role="alert">
                {countError}
              </p>
            ) : (
              <p className={form.hint}>{tr('limitHint')}</p>
            )}
          </fieldset>
          <Field label={tr('salesStartedAt')} error={startError} optional>
            <input
              type="time"
              className={form.input}
              value={salesStartedAt}
              onChange={(e) => setSalesStartedAt(e.target.value)}
              data-testid="report-sales-started-at"
            />
          </Field>
        </fieldset>
      </form>
    </Dialog>
  );
}
