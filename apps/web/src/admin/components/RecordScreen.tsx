import type { ReactNode } from 'react';
import { Loaded, type Loadable } from './status';
import { BackLink, PageHeader } from './ui';

interface RecordScreenProps<T> {
  /** The screen's heading. */
  title: string;
  /** The list the record belongs to, and the words of the way back to it. */
  back: { to: string; label: string };
  resource: Loadable<T>;
  /** The LoadError text when the server gives none. */
  fallback: string;
  /** What a 404 says; without it a 404 is a failure like any other. */
  notFound?: string;
  skeleton: ReactNode;
  children: (record: T) => ReactNode;
}

/**
 * The screen of one record (an order, a seller request, a form to edit): its heading with the way back to
 * its list, then the record once it is here; until then that it is not there (404), the failure (with Try
 * again) or the skeleton.
 */
export function RecordScreen<T>({ title, back, children, ...loaded }: RecordScreenProps<T>) {
  return (
    <section>
      <PageHeader title={title}>
        <BackLink to={back.to}>{back.label}</BackLink>
      </PageHeader>
      <Loaded {...loaded}>{children}</Loaded>
    </section>
  );
}
