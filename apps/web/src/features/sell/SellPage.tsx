import { CATEGORY_SHORTCUTS, HOW_SELLERS_ARE_PAID, TOAST_MS } from '@marketplace/shared';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useNavigate } from '../../lib/router';
import { pageTitle } from '../../lib/brand';
import { Title } from '../../lib/head';
import { ApiError, isAbortError } from '../../lib/api-client';
import type { UploadWatch } from '../../lib/upload';
import { preloadUpload, SELL_ERROR, submitSell } from './api';
import { SellForm } from '../../components/sell-form/SellForm';
import { sellEstimateHint } from './SellEstimate';
import { writeDraft } from '../../components/use-form-draft';
import { forgetRequestId, keptRequestId } from '../../lib/request-id';
import { rememberSubmitted, submittedOf } from './submission';
import { useI18n } from '../../i18n/context';
import { translateKnown } from '../../i18n/labels';

// What the seller types survives a reload or a dropped connection until the item is sent.
const DRAFT_KEY = 'sell-draft';
// One submission's retry key, kept through failed sends of the same item until it is submitted.
const REQUEST_KEY = 'sell-request';

// Toasts are needed only when a submission fails: their code loads then, not with the page.
const loadToastify = () => import('react-toastify');
const Toasts = lazy(async () => {
  const { ToastContainer } = await loadToastify();
  return {
    default: () => <ToastContainer position="top-right" autoClose={TOAST_MS} newestOnTop closeOnClick={false} />,
  };
});

/** /sell: a visitor offers an item without logging in; success opens /sell/success. */
export function SellPage() {
  const i18n = useI18n();
  const navigate = useNavigate();
  const [toasts, setToasts] = useState(false);
  useEffect(preloadUpload, []);

  async function send(body: FormData, watch: UploadWatch) {
    // A send whose answer was lost and is sent again finds the first submission (docs/decisions/0076).
    body.set('request_id', keptRequestId(REQUEST_KEY));
    try {
      const submitted = submittedOf(await submitSell(body, watch));
      rememberSubmitted(submitted);
      writeDraft(DRAFT_KEY, null);
      forgetRequestId(REQUEST_KEY);
      navigate('/sell/success', { state: submitted });
    } catch (error) {
      // Cancelled by the visitor: the form says so itself.
      if (isAbortError(error)) return;
      // The key went with other details once (a first send stored, then the form changed): the next send is new.
      if (error instanceof ApiError && error.status === 422) forgetRequestId(REQUEST_KEY);
      // The form keeps everything typed and the chosen pictures: the visitor fixes what is wrong and resends.
      const message = translateKnown(i18n, error instanceof Error && error.message ? error.message : SELL_ERROR);
      setToasts(true);
      void loadToastify().then(({ toast }) => toast.error(message, { toastId: `sell:${message}` }));
      return error instanceof ApiError ? error.fieldErrors : undefined;
    }
  }

  return (
    <section className="mx-auto max-w-5xl">
      <Title>{pageTitle(i18n._('Sell or offer us your item'))}</Title>
      <h1 className="page-title">{i18n._('Sell or offer us your item')}</h1>
      <p className="mt-2 max-w-2xl text-stone-700">
        {i18n._('Add up to 3 photos and a few details. Our team reviews every item and contacts you with an offer.')}
      </p>
      <p className="mt-1 mb-5 max-w-2xl text-stone-700">{i18n._(HOW_SELLERS_ARE_PAID)}</p>
      <SellForm
        variant="public"
        onSubmit={send}
        submitLabel={i18n._('Submit item')}
        draftKey={DRAFT_KEY}
        itemHint={sellEstimateHint}
        categories={CATEGORY_SHORTCUTS}
      />
      {toasts && (
        <Suspense fallback={null}>
          <Toasts />
        </Suspense>
      )}
    </section>
  );
}
