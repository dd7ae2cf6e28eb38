import type { Config } from '../../config.js';
import { africasTalkingTransport } from './africas-talking.js';
import { smtpTransport } from './smtp.js';
import type { Transport } from './transport.js';

/** The transports the settings configure: none by default, and messages wait in the outbox. */
export function transportsFromConfig(config: Pick<Config, 'smtpUrl' | 'smtpFrom' | 'sms'>): Transport[] {
  const transports: Transport[] = [];
  if (config.smtpUrl) transports.push(smtpTransport({ url: config.smtpUrl, from: config.smtpFrom }));
  if (config.sms) transports.push(africasTalkingTransport(config.sms));
  return transports;
}
