/**
 * Mobile money in and out of the marketplace, whoever carries it (PayChangu today; pawaPay or OneKhusa would be
 * another adapter behind this interface). Amounts are whole Malawi kwacha everywhere: MWK has no coins in use,
 * and the aggregators take and answer whole amounts.
 */

export type MobileMoneyOperator = 'airtel_money' | 'tnm_mpamba';

/** Where a charge or payout stands at the gateway. Only 'paid' and 'failed' are final. */
export type TransferStatus = 'pending' | 'paid' | 'failed';

export interface TransferRequest {
  operator: MobileMoneyOperator;
  /** The wallet's number in international form, +265 and nine digits. */
  mobile: string;
  /** Whole MWK, more than zero. */
  amount: number;
  /** The wallet holder's name, where a route asks for one (PayChangu's bank payout: bank_account_name). */
  name?: string;
}

export interface TransferState {
  status: TransferStatus;
  /** As the gateway reports it: compare it with what was asked before trusting a 'paid'. */
  amount: number;
  currency: 'MWK';
  /** Our id for the charge or payout, echoed by the gateway. */
  chargeId: string;
  /** The gateway's own reference, for its support desk. */
  reference?: string;
  /** What the gateway kept, when it says. */
  fee?: number;
}

export interface StartedTransfer {
  chargeId: string;
  status: TransferStatus;
  reference?: string;
}

export interface MobileMoneyGateway {
  /**
   * The operators this gateway can reach, by our names. `payouts`: whether it can send money to this operator's
   * wallets (refunds, seller payouts); a payout it says it cannot make is never sent (decision 0079).
   */
  operators(): Promise<{ operator: MobileMoneyOperator; name: string; payouts: boolean }[]>;
  /** Asks the buyer's wallet for `amount`: the buyer approves on the phone, so the answer is usually 'pending'. */
  startCharge(request: TransferRequest & { chargeId: string }): Promise<StartedTransfer>;
  verifyCharge(chargeId: string): Promise<TransferState>;
  /** Sends `amount` from our balance to a wallet (refunds, seller payouts). */
  startPayout(request: TransferRequest & { payoutId: string }): Promise<StartedTransfer>;
  /** `operator` is the payout's: the gateway may send (and so read back) each operator's payouts by its own route. */
  verifyPayout(payoutId: string, operator: MobileMoneyOperator): Promise<TransferState>;
  /** Whether a webhook's body was signed by the gateway. A true answer proves the sender, not the outcome: re-verify. */
  verifyWebhookSignature(rawBody: Buffer, signature: string | undefined): boolean;
}

/**
 * The gateway could not be asked or did not answer usefully (network failure, timeout, 5xx, 429): the same request
 * may succeed later. After a start* call failed this way the transfer may still exist: verify it before starting
 * another one.
 */
export class GatewayUnavailable extends Error {
  override name = 'GatewayUnavailable';
}

/** The gateway answered and said no (4xx); `message` carries its reason. Sending the same request again won't help. */
export class GatewayRefused extends Error {
  override name = 'GatewayRefused';
  constructor(
    message: string,
    /** The HTTP status, when the refusal was one. */
    readonly status: number | undefined,
  ) {
    super(message);
  }
}

/** Refuses anything but a positive whole number of kwacha before it reaches a gateway. */
export function wholeKwacha(amount: number): number {
  if (!Number.isSafeInteger(amount) || amount <= 0)
    throw new RangeError(`amount must be a whole number of MWK above zero, not ${String(amount)}`);
  return amount;
}
