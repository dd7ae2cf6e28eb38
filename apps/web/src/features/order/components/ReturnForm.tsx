import {
  PHONE_CODE_MESSAGE,
  RETURN_PHOTOS_MAX,
  RETURN_REASON_REQUIRED,
  type BuyerReturn,
  type PublicOrder,
  type ReturnKind,
  type ReturnReason,
  type ReturnWayBack,
} from '@marketplace/shared';
import { useId, useRef, useState } from 'react';
import { ImagePicker } from '../../../components/ImagePicker';
import { PhoneCodeStep } from '../../../components/PhoneCodeStep';
import { SendDialog } from '../../../components/SendDialog';
import { useI18n } from '../../../i18n/context';
import { formatDate } from '../../../lib/dates';
import { keepPhoneToken, needsPhoneCode, usePhoneCode } from '../../../lib/phone-proofs';
import { askReturn } from '../returns-api';

/** The item asked about, and whether it is a return or a warranty claim (and until when). */
export interface ReturnAsk {
  productId: number;
  name: string;
  kind: ReturnKind;
  until: string;
}

const HOW_BACK_REQUIRED = /*i18n*/ 'Choose how the item comes back';
const PHOTOS_PREPARING = /*i18n*/ 'Making the photos smaller for sending...';

interface ReturnFormProps {
  ask: ReturnAsk;
  order: Pick<PublicOrder, 'phone' | 'fulfilment'>;
  token: string;
  onClose: () => void;
  onSent: (request: BuyerReturn) => void;
  onRefused: (message: string) => void;
}

/**
 * The buyer's ask in the app's one dialog: what is wrong, how a delivered or coach item comes back, up to 3 photos
 * (shrunk on the phone by the picker), a note; the order's phone proved by the checkout's code step when asked.
 */
export function ReturnForm({ ask, order, token, onClose, onSent, onRefused }: ReturnFormProps) {
  const i18n = useI18n();
  const [reason, setReason] = useState<ReturnReason | null>(null);
  const [howBack, setHowBack] = useState<ReturnWayBack | null>(null);
  const [note, setNote] = useState('');
  const [photos, setPhotos] = useState<File[]>([]);
  const [preparing, setPreparing] = useState(false);
  /** Why a code could not be sent, heard from the code step while a send waits for it. */
  const codeFailure = useRef<unknown>(null);
  const phoneCode = usePhoneCode((error) => {
    codeFailure.current = error;
  });
  const comesBack = order.fulfilment !== 'collect';

  // Thrown messages are shown by the dialog (translated when the catalogue knows them), which stays open.
  async function send(): Promise<BuyerReturn> {
    if (!reason) throw new Error(RETURN_REASON_REQUIRED);
    if (comesBack && !howBack) throw new Error(HOW_BACK_REQUIRED);
    if (preparing) throw new Error(PHOTOS_PREPARING);
    const proof = phoneCode.proofFor(order.phone);
    if (!proof) throw new Error(PHONE_CODE_MESSAGE);
    const request = {
      product_id: ask.productId,
      kind: ask.kind,
      reason,
      ...(note.trim() ? { note: note.trim() } : {}),
      ...(comesBack && howBack ? { how_back: howBack } : {}),
      ...proof,
    };
    try {
      const created = await askReturn(token, request, photos);
      if (typeof created.phone_token === 'string') keepPhoneToken(order.phone, created.phone_token);
      phoneCode.codeUsed();
      return created.return;
    } catch (error) {
      // The first time: a code goes to the order's phone and the dialog waits for it.
      if (!needsPhoneCode(error) || phoneCode.codePhone === order.phone) throw error;
      codeFailure.current = null;
      await phoneCode.sendCode(order.phone);
      throw codeFailure.current ?? new Error(PHONE_CODE_MESSAGE);
    }
  }

  const until = formatDate(ask.until, i18n);
  return (
    <SendDialog
      title={
        ask.kind === 'return'
          ? i18n._('Return {item}', { item: ask.name })
          : i18n._('Warranty claim for {item}', { item: ask.name })
      }
      description={
        ask.kind === 'return'
          ? i18n._('Returns are open until {date}.', { date: until })
          : i18n._('Under warranty until {date}.', { date: until })
      }
      reason={{ value: note, onChange: setNote, label: i18n._('Note (optional)') }}
      backLabel={i18n._('Cancel')}
      sendLabel={i18n._('Send request')}
      busyLabel={i18n._('Sending...')}
      offlineText={i18n._('We could not reach the shop. Check your connection and try again.')}
      failureText={i18n._('Could not send your request. Please try again.')}
      send={send}
      onClose={onClose}
      onSent={onSent}
      onRefused={onRefused}
    >
      <Choices
        legend={i18n._('What is wrong?')}
        value={reason}
        onChange={setReason}
        options={[
          { value: 'not_as_described', label: i18n._('Not as described') },
          { value: 'not_working', label: i18n._('Does not work') },
          { value: 'damaged', label: i18n._('Damaged on arrival') },
          { value: 'other', label: i18n._('Other') },
        ]}
      />
      {comesBack && (
        <Choices
          legend={i18n._('How does it come back?')}
          value={howBack}
          onChange={setHowBack}
          options={[
            { value: 'bring', label: i18n._('Bring it to the shop') },
            { value: 'driver', label: i18n._("The shop's driver collects it") },
            { value: 'coach', label: i18n._('By coach') },
          ]}
        />
      )}
      <ImagePicker
        files={photos}
        onChange={setPhotos}
        max={RETURN_PHOTOS_MAX}
        label={i18n._('Photos (optional)')}
        onPreparing={setPreparing}
      />
      {phoneCode.codePhone === order.phone && (
        <PhoneCodeStep
          phone={phoneCode.codePhone}
          code={phoneCode.code}
          onCode={phoneCode.setCode}
          onResend={() => void phoneCode.sendCode(order.phone)}
          sending={phoneCode.sending}
          label={/*i18n*/ 'We sent a 6-digit code by SMS to {phone}. Enter it to send your request.'}
        />
      )}
    </SendDialog>
  );
}

interface ChoicesProps<T extends string> {
  legend: string;
  value: T | null;
  onChange: (value: T) => void;
  options: { value: T; label: string }[];
}

/** One choice of a few, as large radio rows a thumb can hit at 360 px. */
function Choices<T extends string>({ legend, value, onChange, options }: ChoicesProps<T>) {
  const name = useId();
  return (
    <fieldset>
      <legend className="mb-1 text-sm font-semibold text-stone-800">{legend}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {options.map((option) => (
          <label
            key={option.value}
            className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md border border-stone-300 bg-white px-3 py-2 text-sm has-[:checked]:border-teal-700 has-[:checked]:bg-teal-50"
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              className="size-5 shrink-0 accent-teal-700"
            />
            <span className="min-w-0 break-words text-stone-900">{option.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
