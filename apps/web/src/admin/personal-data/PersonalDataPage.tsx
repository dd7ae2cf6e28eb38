import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { formatStaffTime, nothingKept, personQuerySchema, type PersonalData } from '@marketplace/shared';
import { errorMessage } from '../../lib/api-client';
import { DataTable } from '../components/DataTable';
import { EmptyNote, Loaded, TableSkeleton } from '../components/status';
import { buttonStyles, FormError, PageHeader, td } from '../components/ui';
import { useConfirm } from '../components/use-confirm';
import { notifyError, notifySuccess } from '../toasts';
import { usePageTitle } from '../use-page-title';
import {
  downloadPersonalData,
  erasePersonalData,
  PERSONAL_DATA_ERRORS,
  personalDataKeys,
  personalDataQuery,
  type PersonSearch,
} from './api';

/** What was typed: an email when it has an @, else a phone; checked by the shared schema the API uses. */
function searchOf(text: string): { who: PersonSearch } | { error: string } {
  const who: PersonSearch = text.includes('@') ? { email: text } : { phone: text };
  const check = personQuerySchema.safeParse(who);
  return check.success ? { who } : { error: check.error.issues[0]?.message ?? 'Enter a phone number or an email' };
}

function Section({ title, count, children }: { title: string; count: number; children: ReactNode }) {
  if (count === 0) return null;
  return (
    <section className="space-y-2">
      <h2 className="text-base font-semibold text-stone-900">{`${title} (${count})`}</h2>
      {children}
    </section>
  );
}

function Kept({ data }: { data: PersonalData }) {
  return (
    <div className="space-y-6">
      <Section title="Orders" count={data.orders.length}>
        <DataTable label="Orders" columns={['Order', 'Status', 'Name', 'Phone', 'Email', 'Address', 'Placed']}>
          {data.orders.map((o) => (
            <tr key={o.id}>
              <td className={`${td} font-medium`}>{o.number}</td>
              <td className={td}>{o.status}</td>
              <td className={td}>{o.buyer_name}</td>
              <td className={td}>{o.phone}</td>
              <td className={td}>{o.email ?? ''}</td>
              <td className={td}>{[o.address, o.area].filter(Boolean).join(', ')}</td>
              <td className={td}>{formatStaffTime(o.created_at)}</td>
            </tr>
          ))}
        </DataTable>
      </Section>
      <Section title="Seller requests" count={data.seller_requests.length}>
        <DataTable
          label="Seller requests"
          columns={['Reference', 'Item', 'Status', 'Name', 'Phone', 'Email', 'Location', 'Sent']}
        >
          {data.seller_requests.map((r) => (
            <tr key={r.id}>
              <td className={`${td} font-medium`}>{r.reference}</td>
              <td className={td}>{r.item_name}</td>
              <td className={td}>{r.status}</td>
              <td className={td}>{r.seller_name}</td>
              <td className={td}>{r.phone}</td>
              <td className={td}>{r.email}</td>
              <td className={td}>{r.location}</td>
              <td className={td}>{formatStaffTime(r.created_at)}</td>
            </tr>
          ))}
        </DataTable>
      </Section>
      <Section title="Seller accounts" count={data.seller_accounts.length}>
        <DataTable label="Seller accounts" columns={['Name', 'Email', 'Status', 'Made']}>
          {data.seller_accounts.map((a) => (
            <tr key={a.id}>
              <td className={td}>{a.display_name}</td>
              <td className={td}>{a.email}</td>
              <td className={td}>{a.status}</td>
              <td className={td}>{formatStaffTime(a.created_at)}</td>
            </tr>
          ))}
        </DataTable>
      </Section>
      <Section title="Messages" count={data.messages.length}>
        <DataTable label="Messages" columns={['Channel', 'To', 'Message', 'State', 'Written']}>
          {data.messages.map((m) => (
            <tr key={m.id}>
              <td className={td}>{m.channel === 'sms' ? 'SMS' : 'Email'}</td>
              <td className={td}>{m.recipient}</td>
              <td className={`${td} max-w-md`}>{m.subject ?? m.body}</td>
              <td className={td}>{m.state}</td>
              <td className={td}>{formatStaffTime(m.created_at)}</td>
            </tr>
          ))}
        </DataTable>
      </Section>
      <Section title="Alerts" count={data.alerts.length}>
        <DataTable label="Alerts" columns={['Kind', 'Search or item', 'Set', 'Ended']}>
          {data.alerts.map((a) => (
            <tr key={a.id}>
              <td className={td}>{a.kind}</td>
              <td className={td}>{a.query ?? (a.product_id === null ? '' : `Item ${a.product_id}`)}</td>
              <td className={td}>{formatStaffTime(a.created_at)}</td>
              <td className={td}>{a.ended_at ? formatStaffTime(a.ended_at) : ''}</td>
            </tr>
          ))}
        </DataTable>
      </Section>
      <Section title="Transfer requests" count={data.transfer_requests.length}>
        <DataTable label="Transfer requests" columns={['Item', 'Name', 'Phone', 'State', 'Asked']}>
          {data.transfer_requests.map((r) => (
            <tr key={r.id}>
              <td className={td}>{`Item ${r.product_id}`}</td>
              <td className={td}>{r.buyer_name}</td>
              <td className={td}>{r.phone}</td>
              <td className={td}>{r.state}</td>
              <td className={td}>{formatStaffTime(r.created_at)}</td>
            </tr>
          ))}
        </DataTable>
      </Section>
      <Section title="Payments" count={data.payments.length}>
        <DataTable label="Payments" columns={['Kind', 'Method', 'Mobile', 'Amount', 'Status', 'Started']}>
          {data.payments.map((p) => (
            <tr key={p.id}>
              <td className={td}>{p.kind}</td>
              <td className={td}>{p.method}</td>
              <td className={td}>{p.mobile ?? ''}</td>
              <td className={`${td} tabular-nums`}>{`MWK ${p.amount.toLocaleString('en')}`}</td>
              <td className={td}>{p.status}</td>
              <td className={td}>{formatStaffTime(p.created_at)}</td>
            </tr>
          ))}
        </DataTable>
      </Section>
      <Section title="Offers" count={data.offers.length}>
        <DataTable label="Offers" columns={['Reference', 'Item', 'Name', 'Amount', 'Status', 'Made']}>
          {data.offers.map((o) => (
            <tr key={o.id}>
              <td className={td}>{o.reference}</td>
              <td className={td}>{`Item ${o.product_id}`}</td>
              <td className={td}>{o.buyer_name}</td>
              <td className={`${td} tabular-nums`}>{`MWK ${o.amount.toLocaleString('en')}`}</td>
              <td className={td}>{o.status}</td>
              <td className={td}>{formatStaffTime(o.created_at)}</td>
            </tr>
          ))}
        </DataTable>
      </Section>
      {data.phone_codes > 0 && <p className="text-sm text-stone-700">{`Phone codes sent: ${data.phone_codes}`}</p>}
      {data.listing_reports > 0 && (
        <p className="text-sm text-stone-700">{`Listings reported with this phone: ${data.listing_reports}`}</p>
      )}
    </div>
  );
}

/**
 * Admins only (docs/decisions/0078): what is kept about a phone or an email, exported as a file to hand to the
 * person, or erased after a confirm. Every look-up, export and erase is in the audit log.
 */
export function PersonalDataPage() {
  usePageTitle('Personal data');
  const id = useId();
  const [typed, setTyped] = useState('');
  const [who, setWho] = useState<PersonSearch | null>(null);
  const [error, setError] = useState<string | null>(null);
  const found = useQuery({ ...personalDataQuery(who ?? { phone: '' }), enabled: who !== null });
  const queryClient = useQueryClient();
  const [dialog, confirm] = useConfirm();
  const download = useMutation({
    mutationFn: (w: PersonSearch) => downloadPersonalData(w),
    onError: (e) => notifyError(errorMessage(e, PERSONAL_DATA_ERRORS.export)),
  });
  const erase = useMutation({
    mutationFn: (w: PersonSearch) => erasePersonalData(w),
    onSuccess: async () => {
      notifySuccess('Personal data erased');
      await queryClient.invalidateQueries({ queryKey: personalDataKeys.all });
    },
    onError: (e) => notifyError(errorMessage(e, PERSONAL_DATA_ERRORS.erase)),
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const search = searchOf(typed.trim());
    if ('error' in search) {
      setError(search.error);
      return;
    }
    setError(null);
    setWho(search.who);
  }

  async function onErase(w: PersonSearch) {
    const said = 'phone' in w ? w.phone : w.email;
    if (await confirm(`Erase everything kept about ${said}? This cannot be undone.`)) erase.mutate(w);
  }

  return (
    <section className="space-y-4">
      <PageHeader title="Personal data">
        <p className="text-sm text-stone-600">
          Find what is kept about a person by phone number or email, export it to hand to them, or erase it. Orders and
          seller requests that ended more than the retention period ago are erased on their own.
        </p>
      </PageHeader>
      <form role="search" onSubmit={submit} className="max-w-md space-y-1" noValidate>
        <label htmlFor={id} className="block text-sm font-medium text-stone-800">
          Phone number or email
        </label>
        <div className="flex gap-2">
          <input
            id={id}
            name="person"
            type="search"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            maxLength={254}
            aria-invalid={error ? true : undefined}
            className="block w-full rounded-md border border-stone-400 bg-white px-3 py-2 text-sm text-stone-900 pointer-coarse:min-h-11"
          />
          <button type="submit" className={buttonStyles.secondary}>
            Search
          </button>
        </div>
        <FormError message={error} />
      </form>
      {who && (
        <Loaded
          resource={found}
          fallback={PERSONAL_DATA_ERRORS.find}
          skeleton={<TableSkeleton label="Looking up…" />}
          isEmpty={nothingKept}
          empty="Nothing is kept about this person."
        >
          {(data) => (
            <>
              <div className="flex flex-wrap gap-2">
                <button
                  type="button"
                  className={buttonStyles.secondary}
                  disabled={download.isPending}
                  onClick={() => download.mutate(who)}
                >
                  {download.isPending ? 'Exporting…' : 'Export'}
                </button>
                <button
                  type="button"
                  className={buttonStyles.danger}
                  disabled={erase.isPending}
                  onClick={() => void onErase(who)}
                >
                  {erase.isPending ? 'Erasing…' : 'Erase'}
                </button>
              </div>
              <Kept data={data} />
            </>
          )}
        </Loaded>
      )}
      {!who && <EmptyNote>Search by a phone number or an email.</EmptyNote>}
      {dialog}
    </section>
  );
}
