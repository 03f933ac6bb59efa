import { useNavigate } from 'react-router';
import { useFavoriteIds, useSetFavorite } from '@/api/favorites';
import type { Store } from '@/api/stores';
import { paths } from '@/config/paths';
import { t } from '@/i18n/ja';
import { ApiError } from '@/lib/api';
import { useAuth } from '@/stores/auth-store';
import { showToast } from '@/stores/toast-store';
import styles from './StoreSheet.module.css';

/** ★ お気に入り: toggles the store in the user's favourites; a guest is sent to /login. */
export function FavoriteButton({ store }: { store: Store }) {
  const { isAuthenticated } = useAuth();
  const navigate = useNavigate();
  const ids = useFavoriteIds();
  const mutation = useSetFavorite();
  const isFavorite = ids.has(String(store.id));
  // While the change is on its way, show where it is going.
  const shown = mutation.isPending && mutation.variables ? mutation.variables.favorite : isFavorite;

  const toggle = () => {
    if (!isAuthenticated) {
      showToast(t('sheet.favoriteNeedsLogin'), 'warning');
      void navigate(paths.login.getHref());
      return;
    }
    if (mutation.isPending) return;
    const favorite = !isFavorite;
    mutation.mutate(
      { store, favorite },
      {
        onSuccess: () => showToast(t(favorite ? 'sheet.favoriteAdded' : 'sheet.favoriteRemoved'), 'success'),
        onError: (error) =>
          showToast(error instanceof ApiError && error.fromServer ? error.message : t('sheet.favoriteFailed'), 'error'),
      },
    );
  };

  return (
    <button
      type="button"
      className={shown ? styles.favoriteOn : styles.action}
      aria-pressed={shown}
      aria-label={t(shown ? 'sheet.favoriteRemoveLabel' : 'sheet.favoriteAddLabel')}
      aria-busy={mutation.isPending}
      onClick={toggle}
      data-testid="store-sheet-favorite"
    >
      <span aria-hidden="true">{shown ? '★' : '☆'}</span> {t(shown ? 'sheet.favoriteOn' : 'sheet.favoriteAdd')}
    </button>
  );
}
