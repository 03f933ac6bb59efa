import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useStoreTypes } from '@/api/initial-data';
import { paths } from '@/config/paths';
import { ta } from '@/i18n/ja-admin';
import { showToast } from '@/stores/toast-store';
import ui from '@/styles/ui.module.css';
import { adminStoreQuery, deletePhoto, deleteStore, useConsoleMutation, type AdminStoreDetail } from '../api/console';
import { errorText, fieldLabel, formatDateTime, isNotFound, prefectureName } from '../lib/console';
import type { AdminPhoto, AdminStore } from '../types/console';
import { AdminPage, Badge, LoadState, Notice, type NoticeState } from './AdminPage';
import { AuditList } from './AuditList';
import { ConfirmDialog } from './ConfirmDialog';
import { ReportTable } from './ReportTable';
import { StoreEditForm } from './StoreEditForm';
import { sourceLabel, STATUS_TONE } from './StoresPage';
import admin from './admin.module.css';
import styles from './console.module.css';

/** /admin/stores/:id: the store's facts, its edit form and pin, photos, reports, history, hide / delete. */
export function StorePage() {
  const { id = '' } = useParams();
  const query = useQuery(adminStoreQuery(id));
  const [notice, setNotice] = useState<NoticeState | null>(null);

  return (
    <AdminPage>
      <p className={styles.crumb}>
        <Link to={paths.adminStores.getHref()}>← {ta('common.back')}</Link>
      </p>
      {!query.data ? (
        isNotFound(query.error) ? (
          <p className={admin.empty}>{ta('common.notFound')}</p>
        ) : (
          <LoadState error={query.error} onRetry={() => void query.refetch()} />
        )
      ) : (
        <StoreDetail detail={query.data} notice={notice} onNotice={setNotice} />
      )}
    </AdminPage>
  );
}

function StoreDetail({
  detail,
  notice,
  onNotice,
}: {
  detail: AdminStoreDetail;
  notice: NoticeState | null;
  onNotice: (notice: NoticeState) => void;
}) {
  const { store, photos, reports, audit } = detail;
  const types = useStoreTypes();
  return (
    <>
      <Notice notice={notice} />
      <div className={`${styles.detailGrid} ${styles.section}`}>
        <section className={styles.card} aria-labelledby="admin-store-title">
          <h2 id="admin-store-title" className={styles.title}>
            {store.name}
          </h2>
          <span className={styles.badges}>
            <Badge tone={STATUS_TONE[store.status]}>{ta(`status.${store.status}`)}</Badge>
            <Badge>{sourceLabel(store.source)}</Badge>
            <Badge>{types.get(store.store_type)?.label ?? store.store_type}</Badge>
          </span>
          <dl className={styles.facts}>
            <div>
              <dt>{ta('common.id')}</dt>
              <dd>{store.id}</dd>
            </div>
            <div>
              <dt>{ta('stores.place')}</dt>
              <dd>
                {store.prefecture_name ?? prefectureName(store.prefecture)} {store.city ?? ''}
                {store.address && <span className={styles.sub}>{store.address}</span>}
              </dd>
            </div>
            {store.status_note && (
              <div>
                <dt>{ta('store.statusNote')}</dt>
                <dd>{store.status_note}</dd>
              </div>
            )}
            <div>
              <dt>{ta('store.created')}</dt>
              <dd>{formatDateTime(store.created_at)}</dd>
            </div>
            <div>
              <dt>{ta('store.updated')}</dt>
              <dd>{formatDateTime(store.updated_at)}</dd>
            </div>
            <div>
              <dt>{ta('store.lastReport')}</dt>
              <dd>{store.last_report_at ? formatDateTime(store.last_report_at) : ta('common.none')}</dd>
            </div>
            {store.external_id && (
              <div>
                <dt>{ta('store.externalId')}</dt>
                <dd>{store.external_id}</dd>
              </div>
            )}
            {store.admin_edited.length > 0 && (
              <div>
                <dt>{ta('store.adminEdited')}</dt>
                <dd>{store.admin_edited.map(fieldLabel).join('、')}</dd>
              </div>
            )}
          </dl>
          <p>
            <Link to={paths.map.getHref({ store: store.id })}>{ta('store.openMap')}</Link>
          </p>
          <StoreDangerZone store={store} onNotice={onNotice} />
        </section>
        <section className={styles.card} aria-labelledby="admin-store-edit">
          <h2 id="admin-store-edit" className={styles.listTitle}>
            {ta('store.edit')}
          </h2>
          <StoreEditForm key={`${store.id}-${store.updated_at ?? ''}`} store={store} onNotice={onNotice} />
        </section>
      </div>
      <section className={styles.section} aria-labelledby="admin-store-photos">
        <h2 id="admin-store-photos" className={styles.listTitle}>
          {ta('store.photos')}
        </h2>
        <StorePhotos store={store} photos={photos} onNotice={onNotice} />
      </section>
      <section className={styles.section} aria-labelledby="admin-store-reports">
        <h2 id="admin-store-reports" className={styles.listTitle}>
          {ta('store.reports')}
        </h2>
        {reports.length === 0 ? (
          <p className={admin.empty}>{ta('reports.none')}</p>
        ) : (
          <ReportTable reports={reports} hide="store" caption={ta('store.reports')} onNotice={onNotice} />
        )}
      </section>
      <section className={styles.section} aria-labelledby="admin-store-audit">
        <h2 id="admin-store-audit" className={styles.listTitle}>
          {ta('store.audit')}
        </h2>
        {audit.length === 0 ? <p className={admin.empty}>{ta('audit.empty')}</p> : <AuditList entries={audit} showTarget={false} />}
      </section>
    </>
  );
}

function StorePhotos({ store, photos, onNotice }: { store: AdminStore; photos: AdminPhoto[]; onNotice: (notice: NoticeState) => void }) {
  const [target, setTarget] = useState<{ photo: AdminPhoto; n: number } | null>(null);
  const remove = useConsoleMutation((photo: AdminPhoto) => deletePhoto(photo.hash, store.id), { publicStores: true });
  if (photos.length === 0) return <p className={admin.empty}>{ta('store.noPhotos')}</p>;
  return (
    <>
      <ul className={styles.photos}>
        {photos.map((photo, index) => (
          <li key={photo.hash} className={styles.photo}>
            <a href={photo.url} target="_blank" rel="noreferrer">
              <img src={photo.thumb_url} alt={ta('store.photoAlt', { n: index + 1 })} loading="lazy" width={photo.width} height={photo.height} />
            </a>
            <button
              type="button"
              className={`${ui.secondary} ${styles.small} ${styles.danger}`}
              onClick={() => {
                remove.reset();
                setTarget({ photo, n: index + 1 });
              }}
            >
              {ta('store.deletePhoto', { n: index + 1 })}
            </button>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={target !== null}
        title={target ? ta('store.deletePhoto', { n: target.n }) : ''}
        message={ta('store.deletePhotoConfirm')}
        confirmLabel={ta('common.delete')}
        busyLabel={ta('common.deleting')}
        busy={remove.isPending}
        error={remove.isError ? errorText(remove.error) : null}
        onConfirm={() =>
          target &&
          remove.mutate(target.photo, {
            onSuccess: (result) => {
              setTarget(null);
              onNotice({ type: 'success', text: result.message || ta('common.done') });
            },
          })
        }
        onClose={() => setTarget(null)}
      />
    </>
  );
}

/** 非表示にする (status → hidden) and 完全に削除 (refused with 409 while reports or submissions exist). */
function StoreDangerZone({ store, onNotice }: { store: AdminStore; onNotice: (notice: NoticeState) => void }) {
  const [action, setAction] = useState<'hide' | 'hard' | null>(null);
  const navigate = useNavigate();
  const remove = useConsoleMutation((hard: boolean) => deleteStore(store.id, hard), { publicStores: true });

  const confirm = () => {
    if (!action) return;
    const hard = action === 'hard';
    remove.mutate(hard, {
      onSuccess: (result) => {
        setAction(null);
        if (hard) {
          showToast(result.message || ta('store.deleted'), 'success');
          void navigate(paths.adminStores.getHref());
        } else {
          onNotice({ type: 'success', text: result.message || ta('common.done') });
        }
      },
    });
  };
  const open = (next: 'hide' | 'hard') => {
    remove.reset();
    setAction(next);
  };

  return (
    <div className={`${styles.actions} ${styles.spaced}`} aria-label={ta('store.danger')} role="group">
      {store.status !== 'hidden' && (
        <button type="button" className={`${ui.secondary} ${styles.danger}`} onClick={() => open('hide')}>
          {ta('store.hide')}
        </button>
      )}
      <button type="button" className={`${ui.secondary} ${styles.danger}`} onClick={() => open('hard')}>
        {ta('store.hardDelete')}
      </button>
      <ConfirmDialog
        open={action !== null}
        title={action === 'hard' ? ta('store.hardDelete') : ta('store.hide')}
        message={ta(action === 'hard' ? 'store.hardDeleteConfirm' : 'store.hideConfirm', { name: store.name })}
        confirmLabel={action === 'hard' ? ta('store.hardDelete') : ta('store.hide')}
        busyLabel={ta('user.working')}
        busy={remove.isPending}
        error={remove.isError ? errorText(remove.error) : null}
        onConfirm={confirm}
        onClose={() => setAction(null)}
      />
    </div>
  );
}
