import { setDataSaver, useDataSaver } from '../../lib/data-saver';
import { useI18n } from '../../i18n/context';

/** The footer's data-saver switch: on every public page, where a visitor looking for settings looks. */
export function DataSaverSwitch() {
  const on = useDataSaver();
  const i18n = useI18n();
  return (
    <div className="flex flex-wrap items-center gap-x-4">
      <button
        type="button"
        role="switch"
        aria-checked={on}
        aria-describedby="data-saver-hint"
        onClick={() => setDataSaver(!on)}
        className="inline-flex min-h-11 items-center gap-3 font-semibold text-white"
      >
        <span
          aria-hidden="true"
          className={`relative h-6 w-11 shrink-0 rounded-full transition-colors ${on ? 'bg-teal-500' : 'bg-stone-500'}`}
        >
          <span
            className={`absolute top-0.5 left-0.5 size-5 rounded-full bg-white shadow transition-transform motion-reduce:transition-none ${on ? 'translate-x-5' : ''}`}
          />
        </span>
        {i18n._('Data saver')}
      </button>
      <p id="data-saver-hint" className="text-sm text-stone-300">
        {i18n._('Product photos load only when you tap them.')}
      </p>
    </div>
  );
}
