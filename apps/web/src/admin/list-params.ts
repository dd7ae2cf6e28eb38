import { useSearchParams } from '../lib/router';

/** ?page=, a whole number from 1 (anything else is page 1). */
export function readPage(params: URLSearchParams): number {
  const raw = Number.parseInt(params.get('page') ?? '1', 10);
  return Number.isFinite(raw) && raw > 0 ? raw : 1;
}

/** The page number lives in the URL (?page=2) so Back and a reload keep it. */
export function usePageParam(): [number, (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const page = readPage(params);
  const setPage = (next: number) => {
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        if (next <= 1) copy.delete('page');
        else copy.set('page', String(next));
        return copy;
      },
      { replace: false },
    );
  };
  return [page, setPage];
}

export function pageCount(total: number, size: number): number {
  return Math.max(1, Math.ceil(total / size));
}
