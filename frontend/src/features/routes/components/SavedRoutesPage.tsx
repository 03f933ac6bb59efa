import { useState } from 'react';
import { Link } from 'react-router';
import { Dialog } from '@/components/ui/Dialog';
import { Spinner } from '@/components/ui/Spinner';
import { paths } from '@/config/paths';
import { t } from '@/i18n/ja';
import { showToast } from '@/stores/toast-store';
import ui from '@/styles/ui.module.css';
import { useDeleteRoute, useSavedRoutes, useSaveRoute } from '../api/routes';
import { ROUTE_NAME_MAX_LENGTH, SAVED_ROUTES_MAX } from '../lib/constants';
import { formatDistance } from '../lib/format';
import type { SavedRouteSummary } from '../types/route';
import styles from './SavedRoutesPage.module.css';

const dateFormat = new Intl.DateTimeFormat('ja-JP', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Tokyo' });

export function shareUrl(shareId: string): string {
  return new URL(paths.sharedRoute.getHref(shareId), window.location.origin).href;
}

/** /saved-routes: the account's routes; open on the map, rename, share, delete. */
export function SavedRoutesPage() {
  const routes = useSavedRoutes();
  const [renaming, setRenaming] = useState<SavedRouteSummary | null>(null);
  const [deleting, setDeleting] = useState<SavedRouteSummary | null>(null);

  let body;
  if (routes.isPending) body = <Spinner label={t('common.loading')} />;
  else if (routes.isError)
    body = (
      <div className={styles.message} role="alert">
        <p>{t('savedRoutes.loadError')}</p>
        <button type="button" className={ui.secondary} onClick={() => void routes.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  else if (routes.data.length === 0)
    body = (
      <div className={styles.message} data-testid="saved-routes-empty">
        <p>{t('savedRoutes.empty')}</p>
        <Link className={ui.primary} to={paths.map.getHref()}>
          {t('savedRoutes.toMap')}
        </Link>
      </div>
    );
  else
    body = (
      <>
        <p className={styles.count}>{t('savedRoutes.count', { n: routes.data.length, max: SAVED_ROUTES_MAX })}</p>
        <ul className={styles.list} data-testid="saved-routes">
          {routes.data.map((route) => (
            <SavedRouteRow key={route.id} route={route} onRename={() => setRenaming(route)} onDelete={() => setDeleting(route)} />
          ))}
        </ul>
      </>
    );

  return (
    <div className={ui.page}>
      <h1 className={ui.pageTitle}>{t('savedRoutes.title')}</h1>
      <p className={ui.muted}>{t('savedRoutes.lead', { max: SAVED_ROUTES_MAX })}</p>
      {body}
      {renaming && <RenameDialog route={renaming} onClose={() => setRenaming(null)} />}
      {deleting && <DeleteDialog route={deleting} onClose={() => setDeleting(null)} />}
    </div>
  );
}

function SavedRouteRow({ route, onRename, onDelete }: { route: SavedRouteSummary; onRename: () => void; onDelete: () => void }) {
  const save = useSaveRoute();
  const toggleShare = async (share: boolean) => {
    try {
      await save.mutateAsync({ id: route.id, body: { share } });
    } catch (error) {
      showToast(error instanceof Error ? error.message : t('common.unknownError'), 'error');
    }
  };
  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      showToast(t('savedRoutes.copied'), 'success');
    } catch {
      showToast(t('savedRoutes.copyFailed'), 'warning');
    }
  };
  const link = route.share_id ? shareUrl(route.share_id) : null;

  return (
    <li className={styles.item} data-testid="saved-route">
      <div className={styles.main}>
        <h2 className={styles.name}>{route.name}</h2>
        <p className={styles.meta}>
          {t('savedRoutes.stops', { n: route.stop_count })}
          {' · '}
          {formatDistance(route.total_m)}
          {' · '}
          {t('savedRoutes.updated', { date: dateFormat.format(new Date(route.updated_at)) })}
        </p>
      </div>
      <div className={styles.actions}>
        <Link className={ui.primary} to={`${paths.map.getHref()}?route=${route.id}`} data-testid="saved-route-open">
          {t('savedRoutes.open')}
        </Link>
        <button type="button" className={ui.secondary} onClick={onRename}>
          {t('savedRoutes.rename')}
        </button>
        <button type="button" className={`${ui.secondary} ${styles.danger}`} onClick={onDelete}>
          {t('savedRoutes.delete')}
        </button>
      </div>
      <div className={styles.share}>
        <label className={styles.switch}>
          <input
            type="checkbox"
            checked={route.share}
            disabled={save.isPending}
            onChange={(e) => void toggleShare(e.target.checked)}
            data-testid="saved-route-share"
          />
          {t('savedRoutes.share')}
        </label>
        <span className={styles.shareState}>{route.share ? t('savedRoutes.shareOn') : t('savedRoutes.shareOff')}</span>
        {link && (
          <span className={styles.linkRow}>
            <input className={styles.link} readOnly value={link} aria-label={t('savedRoutes.shareLink')} onFocus={(e) => e.target.select()} />
            <button type="button" className={ui.secondary} onClick={() => void copy(link)}>
              {t('savedRoutes.copyLink')}
            </button>
          </span>
        )}
      </div>
    </li>
  );
}

function RenameDialog({ route, onClose }: { route: SavedRouteSummary; onClose: () => void }) {
  const save = useSaveRoute();
  const [name, setName] = useState(route.name);
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    const trimmed = name.trim();
    if (!trimmed) return setError(t('route.nameRequired'));
    if ([...trimmed].length > ROUTE_NAME_MAX_LENGTH) return setError(t('route.nameTooLong', { max: ROUTE_NAME_MAX_LENGTH }));
    try {
      await save.mutateAsync({ id: route.id, body: { name: trimmed } });
      showToast(t('savedRoutes.renamed'), 'success');
      onClose();
    } catch (e) {
      setError(e instanceof Error ? e.message : t('common.unknownError'));
    }
  };
  return (
    <Dialog
      open
      onClose={onClose}
      title={t('savedRoutes.renameTitle')}
      footer={
        <>
          <button type="button" className={ui.secondary} onClick={onClose}>
            {t('savedRoutes.cancel')}
          </button>
          <button type="submit" form="rename-route" className={ui.primary} disabled={save.isPending}>
            {save.isPending ? t('route.saving') : t('route.save')}
          </button>
        </>
      }
    >
      <form
        id="rename-route"
        className={styles.form}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <label htmlFor="rename-route-name">{t('route.name')}</label>
        <input id="rename-route-name" value={name} onChange={(e) => setName(e.target.value)} aria-invalid={error !== null} />
        <small className={error ? styles.error : ui.muted} role={error ? 'alert' : undefined}>
          {error ?? t('route.nameHint', { max: ROUTE_NAME_MAX_LENGTH })}
        </small>
      </form>
    </Dialog>
  );
}

function DeleteDialog({ route, onClose }: { route: SavedRouteSummary; onClose: () => void }) {
  const remove = useDeleteRoute();
  return (
    <Dialog
      open
      onClose={onClose}
      title={t('savedRoutes.deleteTitle')}
      footer={
        <>
          <button type="button" className={ui.secondary} onClick={onClose}>
            {t('savedRoutes.cancel')}
          </button>
          <button
            type="button"
            className={`${ui.primary} ${styles.dangerSolid}`}
            disabled={remove.isPending}
            data-testid="confirm-delete-route"
            onClick={() =>
              remove.mutate(route.id, {
                onSuccess: () => {
                  showToast(t('savedRoutes.deleted'), 'success');
                  onClose();
                },
                onError: (e) => showToast(e instanceof Error ? e.message : t('common.unknownError'), 'error'),
              })
            }
          >
            {t('savedRoutes.delete')}
          </button>
        </>
      }
    >
      <p>{t('savedRoutes.deleteConfirm', { name: route.name })}</p>
    </Dialog>
  );
}
