import type { NoteTone, SavedNote } from '../saved-note';
import { useI18n } from '../../../i18n/context';

const toneClass: Record<NoteTone, string> = {
  good: 'bg-teal-50 text-teal-900',
  warning: 'bg-amber-100 text-amber-900',
  ended: 'bg-stone-200 text-stone-900',
};

/** What changed since the item was saved, as a tag under it. */
export function SavedNoteLine({ note }: { note: SavedNote }) {
  const i18n = useI18n();
  return (
    <p className={`w-fit rounded px-2 py-0.5 text-sm font-semibold ${toneClass[note.tone]}`} data-testid="saved-note">
      {i18n._(note.text, note.values)}
    </p>
  );
}
