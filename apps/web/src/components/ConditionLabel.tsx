import { CONDITION_LABELS, isConditionGrade } from '@marketplace/shared';
import { useI18n } from '../i18n/context';

/** The grade as a small label on a card; nothing for an item not graded (or a grade this app does not know). */
export function ConditionLabel({ condition }: { condition: string | null | undefined }) {
  const i18n = useI18n();
  if (!isConditionGrade(condition)) return null;
  // "For parts" must not be missed by someone skimming a grid for a working phone.
  const look =
    condition === 'for_parts' ? 'bg-red-50 text-red-800 ring-red-200' : 'bg-stone-100 text-stone-800 ring-stone-200';
  return (
    <span
      className={`flex w-fit items-center rounded px-1.5 py-0.5 text-xs font-medium ring-1 ${look}`}
      data-testid="condition-label"
    >
      <span className="sr-only">{i18n._('Condition:')} </span>
      {i18n._(CONDITION_LABELS[condition])}
    </span>
  );
}
