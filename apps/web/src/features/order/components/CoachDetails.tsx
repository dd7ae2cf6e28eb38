import type { OrderCoach } from '@marketplace/shared';
import { useI18n } from '../../../i18n/context';

/** A coach parcel's rows in the order's details: the depot asked for, then the coach and waybill once sent. */
export function CoachDetails({ coach }: { coach: OrderCoach }) {
  const i18n = useI18n();
  const term = 'font-medium text-stone-900';
  return (
    <>
      <dt className={term}>{i18n._('Coach company or depot')}</dt>
      <dd className="break-words">{coach.depot ?? i18n._('The shop chooses')}</dd>
      {coach.company && (
        <>
          <dt className={term}>{i18n._('Coach')}</dt>
          <dd className="break-words">{coach.company}</dd>
        </>
      )}
      {coach.waybill && (
        <>
          <dt className={term}>{i18n._('Waybill number')}</dt>
          <dd className="font-mono font-semibold" data-testid="waybill">
            {coach.waybill}
          </dd>
        </>
      )}
    </>
  );
}
