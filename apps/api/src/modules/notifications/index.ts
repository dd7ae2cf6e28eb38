// What other modules, and the app around them, may use of notifications (docs/decisions/0093).
export { sendAtOnce } from './at-once.js';
export { enqueueMessages, enqueueSentAtOnce, messagesOf } from './outbox.js';
export type { NewMessage } from './outbox.js';
export { plainName, plainText } from './plain-name.js';
export { messagesSince } from './repository.js';
export { SMS_BUDGET_DEFAULTS, admitSms, smsSpentLastHour } from './sms-budget.js';
export { countMessagesByState } from './repository.js';
export type { SmsBudget } from './sms-budget.js';
export { requestText, safeText } from './transport.js';
export type { OutboxAlert, Transport } from './transport.js';
export { transportsFromConfig } from './transports.js';
export { UnrecordedSends } from './unrecorded.js';
export { OUTBOX_CONCURRENCY, deliverDueMessages, reviveUnconfigured } from './worker.js';
export type { OutboxLog } from './worker.js';
export { BRAND, englishMessage, message } from './messages/index.js';
export type { OrderFacts } from './messages/index.js';
export type { ReturnFacts } from './messages/index.js';
export {
  eraseMessagesAbout,
  eraseMessagesDoneBefore,
  eraseMessagesTo,
  findMessagesOfPerson,
  smsRecipientsEndingIn,
} from './repository/personal-data.js';
