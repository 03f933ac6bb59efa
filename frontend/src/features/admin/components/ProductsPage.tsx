import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Dialog } from '@/components/ui/Dialog';
import { Field } from '@/components/ui/Field';
import { ta } from '@/i18n/ja-admin';
import form from '@/styles/form.module.css';
import ui from '@/styles/ui.module.css';
import { adminProductsQuery, deleteProduct, saveProduct, useConsoleMutation, type ProductInput } from '../api/console';
import { MAX_PRODUCT_NAME_CHARS, MAX_PRODUCT_URL_BYTES } from '../config';
import { errorText } from '../lib/console';
import { PRODUCT_KINDS, type AdminProduct } from '../types/console';
import { AdminPage, Badge, ConsoleTable, LoadState, Notice, type NoticeState } from './AdminPage';
import { ConfirmDialog } from './ConfirmDialog';
import admin from './admin.module.css';
import styles from './console.module.css';

/**
 * /admin/products 商品: the catalogue reports and lottery entries pick from. The whole list
 * on one page (it is short by rule: at most 500), newest release first as the server sends
 * it; 追加 and 編集 open the same form in a dialog; 削除 asks first.
 */
export function ProductsPage() {
  const query = useQuery(adminProductsQuery());
  const [notice, setNotice] = useState<NoticeState | null>(null);
  const [editing, setEditing] = useState<AdminProduct | 'new' | null>(null);
  const [target, setTarget] = useState<AdminProduct | null>(null);
  const remove = useConsoleMutation((product: AdminProduct) => deleteProduct(product.id));

  const confirmDelete = () => {
    if (!target) return;
    remove.mutate(target, {
      onSuccess: (result) => {
        setTarget(null);
        setNotice({ type: 'success', text: result.message || ta('products.deleted') });
      },
    });
  };

  const products = query.data?.products;
  return (
    <AdminPage>
      <section aria-labelledby="admin-products-title" className={styles.section}>
        <div className={styles.sectionHead}>
          <h2 id="admin-products-title" className={styles.sectionTitle}>
            {ta('products.title')}
          </h2>
          <button type="button" className={ui.primary} onClick={() => setEditing('new')}>
            {ta('products.add')}
          </button>
        </div>
        <p className={styles.sub}>{ta('products.lead')}</p>
        <Notice notice={notice} />
        {!products ? (
          <LoadState error={query.error} onRetry={() => void query.refetch()} />
        ) : products.length === 0 ? (
          <p className={admin.empty}>{ta('products.empty')}</p>
        ) : (
          <>
            <p className={styles.sub}>{ta('products.count', { n: products.length })}</p>
            <ProductTable products={products} onEdit={setEditing} onDelete={setTarget} />
          </>
        )}
      </section>
      {editing && (
        <ProductDialog
          product={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(text) => {
            setEditing(null);
            setNotice({ type: 'success', text });
          }}
        />
      )}
      <ConfirmDialog
        open={target !== null}
        title={ta('products.deleteTitle')}
        message={target ? ta('products.deleteConfirm', { name: target.name }) : ''}
        confirmLabel={ta('common.delete')}
        busy={remove.isPending}
        error={remove.error ? errorText(remove.error) : null}
        onConfirm={confirmDelete}
        onClose={() => {
          remove.reset();
          setTarget(null);
        }}
      />
    </AdminPage>
  );
}

function ProductTable({ products, onEdit, onDelete }: { products: AdminProduct[]; onEdit: (p: AdminProduct) => void; onDelete: (p: AdminProduct) => void }) {
  return (
    <ConsoleTable
      caption={ta('products.caption')}
      columns={[ta('products.name'), ta('products.kind'), ta('products.releaseDate'), ta('products.listedShort'), <span className="visually-hidden">{ta('products.edit')}</span>]}
    >
      {products.map((product) => (
        <tr key={product.id} data-testid="product-row">
          <td data-label={ta('products.name')}>
            {product.official_url ? (
              <a href={product.official_url} target="_blank" rel="noopener noreferrer">
                {product.name}
              </a>
            ) : (
              product.name
            )}
            {product.demo && (
              <span className={styles.badges}>
                <Badge tone="info">{ta('products.demo')}</Badge>
              </span>
            )}
          </td>
          <td data-label={ta('products.kind')}>{ta(`products.kind.${product.kind}`)}</td>
          <td data-label={ta('products.releaseDate')} className={styles.num}>
            {product.release_date.replaceAll('-', '/')}
          </td>
          <td data-label={ta('products.listedShort')}>
            <Badge tone={product.listed ? 'ok' : 'warn'}>{product.listed ? ta('products.listedShort') : ta('products.unlisted')}</Badge>
          </td>
          <td className={styles.bare}>
            <div className={styles.actions}>
              <button type="button" className={`${ui.secondary} ${styles.small}`} onClick={() => onEdit(product)} aria-label={ta('products.editLabel', { name: product.name })}>
                {ta('products.edit')}
              </button>
              <button type="button" className={`${ui.secondary} ${styles.small} ${styles.danger}`} onClick={() => onDelete(product)} aria-label={ta('products.deleteLabel', { name: product.name })}>
                {ta('common.delete')}
              </button>
            </div>
          </td>
        </tr>
      ))}
    </ConsoleTable>
  );
}

/** The form's own checks, the server's rules (core's checked_catalog_product) in short. */
function inputErrors(input: ProductInput): Partial<Record<'name' | 'release_date' | 'official_url', string>> {
  const name = input.name.trim();
  const url = input.official_url.trim();
  return {
    name: !name ? ta('products.nameRequired') : [...name].length > MAX_PRODUCT_NAME_CHARS ? ta('products.nameTooLong', { max: MAX_PRODUCT_NAME_CHARS }) : undefined,
    release_date: /^\d{4}-\d{2}-\d{2}$/.test(input.release_date) ? undefined : ta('products.dateRequired'),
    official_url: !url || (/^https?:\/\/[^\s/?#]/.test(url) && new TextEncoder().encode(url).length <= MAX_PRODUCT_URL_BYTES) ? undefined : ta('products.urlInvalid'),
  };
}

function ProductDialog({ product, onClose, onSaved }: { product: AdminProduct | null; onClose: () => void; onSaved: (message: string) => void }) {
  const [values, setValues] = useState<ProductInput>(() => ({
    name: product?.name ?? '',
    kind: product?.kind ?? 'pack',
    release_date: product?.release_date ?? '',
    official_url: product?.official_url ?? '',
    listed: product?.listed ?? true,
  }));
  const [showErrors, setShowErrors] = useState(false);
  const save = useConsoleMutation((body: ProductInput) => saveProduct(product?.id ?? null, body));
  const errors = inputErrors(values);
  const shown = showErrors ? errors : {};
  const set = (key: 'name' | 'kind' | 'release_date' | 'official_url') => (event: { target: { value: string } }) => setValues({ ...values, [key]: event.target.value });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setShowErrors(true);
    if (Object.values(errors).some(Boolean) || save.isPending) return;
    save.mutate(
      { ...values, name: values.name.trim(), official_url: values.official_url.trim() },
      { onSuccess: (result) => onSaved(result.message || ta(product ? 'products.saved' : 'products.created')) },
    );
  };

  const busyLabel = product ? ta('products.saving') : ta('products.creating');
  return (
    <Dialog open onClose={save.isPending ? () => undefined : onClose} title={product ? ta('products.editTitle') : ta('products.addTitle')}>
      <form className={styles.form} onSubmit={submit} noValidate aria-label={product ? ta('products.editTitle') : ta('products.addTitle')}>
        <Field label={ta('products.name')} required error={shown.name ?? null}>
          <input className={form.input} name="name" value={values.name} onChange={set('name')} maxLength={MAX_PRODUCT_NAME_CHARS * 2} autoComplete="off" autoFocus />
        </Field>
        <div className={styles.row}>
          <Field label={ta('products.kind')} required>
            <select className={form.select} name="kind" value={values.kind} onChange={set('kind')}>
              {PRODUCT_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {ta(`products.kind.${kind}`)}
                </option>
              ))}
            </select>
          </Field>
          <Field label={ta('products.releaseDate')} required error={shown.release_date ?? null}>
            <input className={form.input} type="date" name="release_date" value={values.release_date} onChange={set('release_date')} />
          </Field>
        </div>
        <Field label={ta('products.officialUrl')} optional error={shown.official_url ?? null}>
          <input className={form.input} type="url" name="official_url" inputMode="url" value={values.official_url} onChange={set('official_url')} placeholder="https://" autoComplete="off" />
        </Field>
        <label className={form.check}>
          <input type="checkbox" name="listed" checked={values.listed} onChange={(event) => setValues({ ...values, listed: event.target.checked })} />
          <span>{ta('products.listed')}</span>
        </label>
        {save.error && <Alert type="error">{errorText(save.error)}</Alert>}
        <div className={styles.dialogActions}>
          <button type="button" className={ui.secondary} onClick={onClose} disabled={save.isPending}>
            {ta('common.cancel')}
          </button>
          <button type="submit" className={ui.primary} disabled={save.isPending} aria-busy={save.isPending}>
            {save.isPending ? busyLabel : product ? ta('products.save') : ta('products.create')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
