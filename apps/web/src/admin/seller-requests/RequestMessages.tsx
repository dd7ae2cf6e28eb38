import { formatStaffTime } from '@marketplace/shared';
import type { OutboxMessage, SellerRequest } from '@marketplace/shared';
import { DataTable } from '../components/DataTable';
import { EmptyNote } from '../components/status';
import { td } from '../components/ui';

const CHANNELS = { sms: 'SMS', email: 'Email' } as const;
const NOT_SET_UP = { sms: 'Not sent: no SMS gateway is set up', email: 'Not sent: no email server is set up' } as const;

const attempts = (n: number) => `${n} attempt${n === 1 ? '' : 's'}`;

/** Where a message's delivery stands, in plain words, and how loudly to say it. */
function deliveryText(message: OutboxMessage): { text: string; tone: string } {
  switch (message.state) {
    case 'pending':
      // Retries wait here too: say what went wrong so far.
      return message.attempts > 0 && message.last_error
        ? {
            text: `Waiting to send (${attempts(message.attempts)} failed: ${message.last_error})`,
            tone: 'text-amber-900',
          }
        : { text: 'Waiting to send', tone: 'text-stone-800' };
    case 'sending':
      return { text: 'Sending', tone: 'text-stone-800' };
    case 'sent':
      return { text: message.sent_at ? `Sent ${formatStaffTime(message.sent_at)}` : 'Sent', tone: 'text-green-800' };
    case 'failed':
      return {
        text: `Failed after ${attempts(message.attempts)}${message.last_error ? `: ${message.last_error}` : ''}`,
        tone: 'font-medium text-red-800',
      };
    case 'unconfigured':
      return { text: NOT_SET_UP[message.channel], tone: 'font-medium text-amber-900' };
  }
}

/** What the seller was told and whether it reached them, so staff can follow up on what did not. */
export function RequestMessages({ request }: { request: SellerRequest }) {
  return (
    <div className="min-w-0">
      <h2 className="mb-2 text-base font-semibold text-stone-900">Messages to the seller</h2>
      {request.messages.length === 0 ? (
        <EmptyNote>
          No messages yet.
          {!request.notify_on_offer && (
            <span className="block text-stone-600">The seller did not ask to be told about offers.</span>
          )}
        </EmptyNote>
      ) : (
        <DataTable
          label="Messages to the seller"
          minWidth="min-w-[36rem]"
          columns={['When', 'Channel', 'To', 'Delivery']}
        >
          {request.messages.map((message) => {
            const { text, tone } = deliveryText(message);
            return (
              <tr key={message.id} data-testid={`message-${message.id}`}>
                <td className={`${td} whitespace-nowrap`}>{formatStaffTime(message.created_at)}</td>
                <td className={td}>{CHANNELS[message.channel]}</td>
                <td className={`${td} break-all`}>{message.recipient}</td>
                <td className={`${td} ${tone}`}>{text}</td>
              </tr>
            );
          })}
        </DataTable>
      )}
    </div>
  );
}
