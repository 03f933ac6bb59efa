import { useId, useState } from 'react';
import { tl } from '@/i18n/ja-lottery';
import { ApiError } from '@/lib/api';
import { PREFECTURE_CODES, prefectureName } from '@/lib/prefecture-codes';
import { showToast } from '@/stores/toast-store';
import ui from '@/styles/ui.module.css';
import {
  calendarLinks,
  useCalendarSettings,
  useIssueCalendarToken,
  useRevokeCalendarToken,
  useSaveCalendarPrefectures,
} from '../api/calendar';
import styles from './Calendar.module.css';

const ALL_PREFECTURES = Object.values(PREFECTURE_CODES);

function failure(prefix: string, error: unknown): string {
  return error instanceof ApiError && error.fromServer ? `${prefix} ${error.message}` : prefix;
}

function formatDate(iso: string | null): string {
  if (!iso) return '';
  return new Intl.DateTimeFormat('ja-JP', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'Asia/Tokyo' }).format(new Date(iso));
}

/**
 * マイページの抽選カレンダー: the prefectures the feed covers besides the favourite stores,
 * and the feed's secret URL (shown once when issued, as the server keeps only its hash),
 * with regenerate and stop.
 */
export default function LotteryCalendarSetting() {
  const id = useId();
  const settings = useCalendarSettings();
  const save = useSaveCalendarPrefectures();
  const issue = useIssueCalendarToken();
  const revoke = useRevokeCalendarToken();
  const [issuedPath, setIssuedPath] = useState<string | null>(null);

  if (settings.isPending) return <p className={ui.muted}>{tl('calendar.loading')}</p>;
  if (settings.isError) return <p className={ui.muted}>{tl('calendar.loadError')}</p>;
  const { prefectures, max_prefectures: max, feed_active: active, feed_created_at: createdAt } = settings.data;

  const setPrefectures = (next: string[]) =>
    save.mutate(next, {
      onSuccess: () => showToast(tl('calendar.saved'), 'success'),
      onError: (error) => showToast(failure(tl('calendar.saveFailed'), error), 'error'),
    });
  const onIssue = () => {
    if (active && !window.confirm(tl('calendar.reissueConfirm'))) return;
    issue.mutate(undefined, {
      onSuccess: (body) => {
        setIssuedPath(body.feed_path);
        showToast(tl('calendar.issued'), 'success');
      },
      onError: (error) => showToast(failure(tl('calendar.failed'), error), 'error'),
    });
  };
  const onRevoke = () => {
    if (!window.confirm(tl('calendar.revokeConfirm'))) return;
    revoke.mutate(undefined, {
      onSuccess: () => {
        setIssuedPath(null);
        showToast(tl('calendar.revoked'), 'success');
      },
      onError: (error) => showToast(failure(tl('calendar.failed'), error), 'error'),
    });
  };
  const links = issuedPath ? calendarLinks(issuedPath) : null;
  const copy = async () => {
    if (!links) return;
    try {
      await navigator.clipboard.writeText(links.https);
      showToast(tl('calendar.copied'), 'success');
    } catch {
      (document.getElementById(`${id}-url`) as HTMLInputElement | null)?.select();
    }
  };
  const choices = ALL_PREFECTURES.filter((code) => !prefectures.includes(code));
  const busy = save.isPending || issue.isPending || revoke.isPending;

  return (
    <section className={styles.section} aria-labelledby={`${id}-title`} data-testid="lottery-calendar">
      <h2 id={`${id}-title`} className={styles.title}>
        {tl('calendar.title')}
      </h2>
      <p className={styles.hint}>{tl('calendar.lead')}</p>

      <span className={styles.label} id={`${id}-prefs`}>
        {tl('calendar.prefectures', { max })}
      </span>
      {prefectures.length === 0 ? (
        <p className={styles.hint}>{tl('calendar.prefecturesNone')}</p>
      ) : (
        <ul className={styles.chips} aria-labelledby={`${id}-prefs`} data-testid="calendar-prefectures">
          {prefectures.map((code) => (
            <li key={code} className={styles.chip}>
              {prefectureName(code)}
              <button
                type="button"
                className={styles.chipRemove}
                aria-label={tl('calendar.remove', { name: prefectureName(code) })}
                disabled={busy}
                onClick={() => setPrefectures(prefectures.filter((p) => p !== code))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      {prefectures.length < max && (
        <label>
          <span className={ui.muted}>{tl('calendar.addPrefecture')} </span>
          <select
            className={styles.select}
            value=""
            disabled={busy}
            data-testid="calendar-add-prefecture"
            onChange={(event) => event.target.value && setPrefectures([...prefectures, event.target.value])}
          >
            <option value="">{tl('calendar.choose')}</option>
            {choices.map((code) => (
              <option key={code} value={code}>
                {prefectureName(code)}
              </option>
            ))}
          </select>
        </label>
      )}

      <div className={styles.feed}>
        {links ? (
          <>
            <label className={styles.label} htmlFor={`${id}-url`}>
              {tl('calendar.httpsLabel')}
            </label>
            <div className={styles.urlRow}>
              <input id={`${id}-url`} className={styles.url} readOnly value={links.https} data-testid="calendar-url" onFocus={(e) => e.target.select()} />
              <button type="button" className={ui.secondary} onClick={() => void copy()}>
                {tl('calendar.copy')}
              </button>
            </div>
            <a className={ui.primary} href={links.webcal} data-testid="calendar-webcal">
              {tl('calendar.subscribe')}
            </a>
            <p className={styles.secret}>{tl('calendar.secret')}</p>
          </>
        ) : (
          <p className={styles.status} data-testid="calendar-status">
            {active ? tl('calendar.active', { date: formatDate(createdAt) }) : tl('calendar.inactive')}
          </p>
        )}
        <div className={styles.actions}>
          <button type="button" className={active ? ui.secondary : ui.primary} disabled={busy} onClick={onIssue} data-testid="calendar-issue">
            {active ? tl('calendar.reissue') : tl('calendar.issue')}
          </button>
          {active && (
            <button type="button" className={ui.secondary} disabled={busy} onClick={onRevoke} data-testid="calendar-revoke">
              {tl('calendar.revoke')}
            </button>
          )}
        </div>
      </div>
    </section>
  );
}
