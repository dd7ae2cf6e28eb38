import type { Fulfilment } from '@marketplace/shared';
import { useI18n } from '../i18n/context';

/** The six digits staff need to hand an order over (decision 0059), shown only to the buyer, with who to tell. */
export function CollectionCode({ code, fulfilment }: { code: string; fulfilment: Fulfilment }) {
  const i18n = useI18n();
  return (
    <div className="rounded-md border border-teal-200 bg-teal-50 p-3" data-testid="collection-code">
      <p className="text-sm font-semibold text-stone-700">{i18n._('Your collection code')}</p>
      <p className="font-mono text-3xl font-extrabold tracking-[0.3em] text-stone-950">{code}</p>
      <p className="mt-1 text-sm text-stone-800">
        {fulfilment === 'delivery'
          ? i18n._('Give it to the driver when you have your items. Never tell it to anyone before.')
          : fulfilment === 'coach'
            ? i18n._('Tell it to the shop once you have collected the parcel. Never tell it to anyone before.')
            : i18n._('Say it at the counter when you have your items. Never tell it to anyone before.')}
      </p>
    </div>
  );
}
