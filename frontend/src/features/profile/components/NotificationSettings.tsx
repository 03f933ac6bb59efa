import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert } from '@/components/ui/Alert';
import { t } from '@/i18n/ja';
import { ApiError } from '@/lib/api';
import { showToast } from '@/stores/toast-store';
import ui from '@/styles/ui.module.css';
import {
  fetchPushPublicKey,
  pushDevicesQueryOptions,
  saveSubscription,
  useAlertChannels,
  usePushDevices,
  useRemoveDevice,
  useSaveChannels,
  useTestDevice,
  type AlertChannels,
  type PushDevice,
} from '../api/push';
import { deviceLabel, pushSupported, subscribeThisDevice } from '../api/push-device';
import styles from './notifications.module.css';

function errorText(error: unknown): string {
  return error instanceof ApiError && error.fromServer ? error.message : t('push.failed');
}

function shortDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat('ja-JP', {
    month: 'numeric',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Asia/Tokyo',
  }).format(date);
}

/**
 * The button that turns notifications on for this device. The browser's permission
 * prompt appears only after this tap, never on load (browsers penalise sites that ask
 * unprompted, and users deny a question they did not expect).
 */
function EnableThisDevice() {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  if (!pushSupported()) return <Alert type="info">{t('push.unsupported')}</Alert>;

  const enable = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const key = await fetchPushPublicKey();
      const result = await subscribeThisDevice(key);
      if (result.state !== 'subscribed') {
        setProblem(t(result.state === 'denied' ? 'push.denied' : 'push.unsupported'));
        return;
      }
      const { endpoint, keys } = result.subscription;
      await saveSubscription({
        endpoint: endpoint ?? '',
        keys: { p256dh: keys?.p256dh ?? '', auth: keys?.auth ?? '' },
        label: deviceLabel(navigator.userAgent),
      });
      await queryClient.invalidateQueries({ queryKey: pushDevicesQueryOptions().queryKey });
      showToast(t('push.enabled'), 'success');
    } catch (error) {
      setProblem(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <button type="button" className={ui.primary} onClick={() => void enable()} disabled={busy} data-testid="push-enable">
        {busy ? t('push.enabling') : t('push.enable')}
      </button>
      {problem && (
        <div data-testid="push-problem">
          <Alert type="warning">{problem}</Alert>
        </div>
      )}
    </>
  );
}

function DeviceRow({ device }: { device: PushDevice }) {
  const test = useTestDevice();
  const remove = useRemoveDevice();
  return (
    <li className={styles.device} data-testid="push-device">
      <div className={styles.deviceText}>
        <span className={styles.deviceName}>{device.label}</span>
        <span className={styles.deviceMeta}>
          {t('push.deviceAdded', { date: shortDate(device.created_at) })}
          {device.last_used_at && ` ・ ${t('push.deviceUsed', { date: shortDate(device.last_used_at) })}`}
        </span>
      </div>
      <div className={styles.deviceActions}>
        <button
          type="button"
          className={ui.secondary}
          disabled={test.isPending}
          aria-label={t('push.testLabel', { label: device.label })}
          onClick={() =>
            test.mutate(device.id, {
              onSuccess: () => showToast(t('push.testQueued'), 'success'),
              onError: (error) => showToast(errorText(error), 'error'),
            })
          }
        >
          {t('push.test')}
        </button>
        <button
          type="button"
          className={ui.secondary}
          disabled={remove.isPending}
          aria-label={t('push.removeLabel', { label: device.label })}
          onClick={() =>
            remove.mutate(device.id, {
              onSuccess: () => showToast(t('push.removed'), 'success'),
              onError: (error) => showToast(errorText(error), 'error'),
            })
          }
        >
          {t('push.remove')}
        </button>
      </div>
    </li>
  );
}

function ChannelSwitches({ channels }: { channels: AlertChannels }) {
  const save = useSaveChannels();
  const shown = save.isPending && save.variables ? { ...channels, ...save.variables } : channels;
  const change = (patch: Partial<AlertChannels>) => {
    if (save.isPending) return;
    save.mutate(patch, {
      onSuccess: () => showToast(t('push.channelSaved'), 'success'),
      onError: (error) => showToast(errorText(error), 'error'),
    });
  };
  return (
    <fieldset className={styles.channels}>
      <legend className={styles.subTitle}>{t('push.channels')}</legend>
      <label className={styles.switch}>
        <input
          type="checkbox"
          role="switch"
          checked={shown.push}
          onChange={(event) => change({ push: event.target.checked })}
          data-testid="push-channel-push"
        />
        <span>{t('push.channelPush')}</span>
      </label>
      <label className={styles.switch}>
        <input
          type="checkbox"
          role="switch"
          checked={shown.mail}
          onChange={(event) => change({ mail: event.target.checked })}
          data-testid="push-channel-mail"
        />
        <span>{t('push.channelMail')}</span>
      </label>
      {!shown.push && !shown.mail && <p className={styles.note}>{t('push.bothOffNote')}</p>}
      {!shown.push && shown.mail && <p className={styles.note}>{t('push.pushOffNote')}</p>}
    </fieldset>
  );
}

/** マイページ「通知設定」: this device's opt-in, the devices that receive pushes, and the channels. */
export function NotificationSettings() {
  const id = useId();
  const devices = usePushDevices();
  const channels = useAlertChannels();
  return (
    <section id="notifications" className={styles.section} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.title}>
        {t('push.title')}
      </h2>
      <p className={styles.hint}>{t('push.hint')}</p>
      <EnableThisDevice />
      <h3 className={styles.subTitle}>{t('push.devices')}</h3>
      {(devices.isError || channels.isError) && <Alert type="warning">{t('push.loadError')}</Alert>}
      {devices.data && devices.data.length === 0 && <p className={styles.note}>{t('push.noDevices')}</p>}
      {devices.data && devices.data.length > 0 && (
        <ul className={styles.devices} data-testid="push-devices">
          {devices.data.map((device) => (
            <DeviceRow key={device.id} device={device} />
          ))}
        </ul>
      )}
      {channels.data && <ChannelSwitches channels={channels.data} />}
    </section>
  );
}
