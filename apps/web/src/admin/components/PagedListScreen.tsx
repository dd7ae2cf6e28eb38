import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { PageWindow, RowsPage } from '../api';
import { usePageParam } from '../list-params';
import { usePageTitle } from '../use-page-title';
import { TablePager } from './DataTable';
import { Loaded, TableSkeleton } from './status';
import { PageHeader } from './ui';

interface PagedListScreenProps<T> {
  /** The screen's heading and the tab's title. */
  title: string;
  /** Beside the heading: the link to create one, or to where they are added. */
  action: ReactNode;
  /** Under the heading: what the list holds, when the title alone does not say. */
  intro?: ReactNode;
  /** The page the URL's ?page= asks for: `size` rows a page. */
  query: (page: PageWindow) => UseQueryOptions<RowsPage<T>, Error, RowsPage<T>, QueryKey>;
  size: number;
  /** The LoadError text when the server gives none. */
  fallback: string;
  /** What the list says when there is nothing in it. */
  empty: string;
  /** The pager's name for screen readers. */
  pagerLabel: string;
  /** The page's rows, as a table. */
  children: (rows: T[]) => ReactNode;
  /** After the list: its confirm dialog. */
  dialog?: ReactNode;
}

/** A list the server pages, one page at a time: heading, the page's table (or why not), the pager. */
export function PagedListScreen<T>({
  title,
  action,
  intro,
  query,
  size,
  fallback,
  empty,
  pagerLabel,
  children,
  dialog,
}: PagedListScreenProps<T>) {
  usePageTitle(title);
  const [page, setPage] = usePageParam();
  const rows = useQuery(query({ limit: size, offset: (page - 1) * size }));

  return (
    <section>
      <PageHeader title={title} action={action}>
        {intro}
      </PageHeader>
      <Loaded
        resource={rows}
        fallback={fallback}
        skeleton={<TableSkeleton />}
        isEmpty={(data) => data.items.length === 0}
        empty={empty}
      >
        {(data) => (
          <>
            {children(data.items)}
            <TablePager page={page} total={data.total} size={size} onPage={setPage} label={pagerLabel} />
          </>
        )}
      </Loaded>
      {dialog}
    </section>
  );
}
