import { useId, useState, type FormEvent } from 'react';
import { useLimits, type Limits } from '@/api/config';
import { ConfigStatus } from '@/components/ui/ConfigStatus';
import { Dialog } from '@/components/ui/Dialog';
import { FormSubmitButton } from '@/components/ui/FormSubmitButton';
import { Field } from '@/components/ui/Field';
import { SegmentedRadio } from '@/components/ui/SegmentedRadio';
import { t } from '@/i18n/ja';
import { ApiError } from '@/lib/api';
import { showToast } from '@/stores/toast-store';
import form from '@/styles/form.module.css';
import { useCreateReport } from '../api/create-report';
import {
  buildReportBody,
  purchasedAtError,
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
 * パック / BOX / シングル, optional product name and purchase limit, and when (default now,
 * not in the future). Its state lives only while open.
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
  const [productName, setProductName] = useState('');
  const [limitNote, setLimitNote] = useState('');
  const [openedAt] = useState(() => new Date());
  const [purchasedAt, setPurchasedAt] = useState(() => toLocalInputValue(openedAt));
  const mutation = useCreateReport();

  const timeError = purchasedAtError(purchasedAt, limits.max_purchase_age_days);
  const valid = kind !== null && product !== null && timeError === null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!valid || mutation.isPending) return;
    try {
      const result = await mutation.mutateAsync(
        buildReportBody({ storeId: store.id, kind, product, productName, limitNote, purchasedAt }),
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
          <Field label={t('report.productName')} optional>
            <input
              className={form.input}
              value={productName}
              onChange={(e) => setProductName(e.target.value)}
              maxLength={limits.max_purchase_text_chars}
              placeholder={t('report.productNamePlaceholder')}
              data-testid="report-product-name"
            />
          </Field>
          <Field label={t('report.limitNote')} optional>
            <input
              className={form.input}
              value={limitNote}
              onChange={(e) => setLimitNote(e.target.value)}
              maxLength={limits.max_purchase_text_chars}
              placeholder={t('report.limitNotePlaceholder')}
              data-testid="report-limit-note"
            />
          </Field>
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
        </fieldset>
      </form>
    </Dialog>
  );
}
