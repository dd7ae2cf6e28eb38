// How many parts an SMS takes (3GPP TS 23.038 and 23.040): in GSM-7, 160 septets fit one part and 153 each part of
// a longer one (the rest carries the header that joins them), an extension character (€ [ ] { } \ ^ ~ | and form
// feed) taking two; a text with any character outside GSM-7 goes as UCS-2, 70 UTF-16 units in one part, 67 each in more.

const GSM7_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM7_EXTENSION = '\f^{}\\[~]|€';

interface SmsLength {
  encoding: 'gsm7' | 'ucs2';
  /** Septets in GSM-7 (an extension character counts 2), UTF-16 code units in UCS-2. */
  units: number;
  parts: number;
}

export function smsParts(text: string): SmsLength {
  let septets = 0;
  for (const char of text) {
    if (GSM7_BASIC.includes(char)) septets += 1;
    else if (GSM7_EXTENSION.includes(char)) septets += 2;
    else return { encoding: 'ucs2', units: text.length, parts: partsOf(text.length, 70, 67) };
  }
  return { encoding: 'gsm7', units: septets, parts: partsOf(septets, 160, 153) };
}

function partsOf(units: number, single: number, each: number): number {
  if (units === 0) return 1;
  return units <= single ? 1 : Math.ceil(units / each);
}
