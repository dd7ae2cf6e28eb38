// Phone numbers for tests that follow an SMS to its recipient.

let mobiles = 0;
/** A mobile number no other test of the run uses, as a buyer types it (0888 000001, ...): SMS go to it. */
export function nextMobile() {
  mobiles++;
  return `0888 ${String(mobiles).padStart(6, '0')}`;
}

/** A number as typed, as the outbox addresses its SMS (+265...). */
export const e164 = (phone: string) => `+265${phone.replace(/\D/g, '').slice(1)}`;
