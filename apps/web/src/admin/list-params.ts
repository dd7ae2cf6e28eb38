import { useSearchParams } from 'react-router';

/** The page number lives in the URL (?page=2) so Back and a reload keep it. */
export function usePageParam(): [number, (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const raw = Number.parseInt(params.get('page') ?? '1', 10);
  const page = Number.isFinite(raw) && raw > 0 ? raw : 1;
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
