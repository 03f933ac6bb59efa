import { t } from '@/i18n/ja';
import form from '@/styles/form.module.css';
import ui from '@/styles/ui.module.css';
import admin from './admin.module.css';

interface CoordinateFieldsProps {
  latText: string;
  lngText: string;
  onLatText: (text: string) => void;
  onLngText: (text: string) => void;
  /** 元の位置に戻す: offered once the pin moved or a field holds something that is not a position. */
  onReset?: () => void;
  /** The message under the fields (after a submit), or null. */
  error: string | null;
  /** The reset button's size: the review card's or the console's. */
  buttonClassName?: string;
}

/**
 * The latitude / longitude fields that mirror a draggable pin (keyboard users move it with
 * these), for the review form and the store edit form.
 */
export function CoordinateFields({ latText, lngText, onLatText, onLngText, onReset, error, buttonClassName }: CoordinateFieldsProps) {
  return (
    <>
      <div className={admin.coords}>
        <CoordinateInput name="lat" label={t('admin.lat')} value={latText} onChange={onLatText} invalid={error !== null} />
        <CoordinateInput name="lng" label={t('admin.lng')} value={lngText} onChange={onLngText} invalid={error !== null} />
        {onReset && (
          <button type="button" className={`${ui.secondary} ${buttonClassName}`} onClick={onReset}>
            {t('admin.resetPosition')}
          </button>
        )}
      </div>
      {error && <p className={form.fieldError}>{error}</p>}
    </>
  );
}

function CoordinateInput(props: { name: string; label: string; value: string; onChange: (text: string) => void; invalid: boolean }) {
  return (
    <label className={admin.coord}>
      <span>{props.label}</span>
      <input
        className={form.input}
        name={props.name}
        inputMode="decimal"
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        aria-invalid={props.invalid || undefined}
      />
    </label>
  );
}
