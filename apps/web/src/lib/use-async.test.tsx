import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { InitialDataContext, type InitialData } from './initial-data';
import { useAsync } from './use-async';

function Shows({ id, load }: { id: string; load: (signal: AbortSignal) => Promise<string> }) {
  const state = useAsync(`item:${id}`, load);
  if (state.status === 'loading') return <p>Loading</p>;
  if (state.status === 'error') return <p>Failed {(state.error as ApiError).status}</p>;
  return <p>{state.data}</p>;
}

describe('useAsync with the data of a server-rendered first screen', () => {
  it('starts from the server data without calling, once; the next visit loads anew', async () => {
    const initial: InitialData = { entries: new Map([['item:1', { data: 'From the server' }]]) };
    const load = vi.fn(async () => 'From the API');
    const first = render(
      <InitialDataContext value={initial}>
        <Shows id="1" load={load} />
      </InitialDataContext>,
    );
    expect(screen.getByText('From the server')).toBeInTheDocument();
    expect(load).not.toHaveBeenCalled();
    first.unmount();

    render(
      <InitialDataContext value={initial}>
        <Shows id="1" load={load} />
      </InitialDataContext>,
    );
    expect(screen.getByText('Loading')).toBeInTheDocument();
    expect(await screen.findByText('From the API')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("gives back the page's own 404 as an ApiError", () => {
    const initial: InitialData = {
      entries: new Map([['item:9', { error: { status: 404, message: 'Product not found' } }]]),
    };
    render(
      <InitialDataContext value={initial}>
        <Shows id="9" load={vi.fn()} />
      </InitialDataContext>,
    );
    expect(screen.getByText('Failed 404')).toBeInTheDocument();
  });

  it('on the server, names the loads a render wanted and renders them loading', () => {
    const wanted = new Map<string, (signal: AbortSignal) => Promise<unknown>>();
    const load = vi.fn(async () => 'x');
    render(
      <InitialDataContext value={{ entries: new Map(), wanted }}>
        <Shows id="2" load={load} />
      </InitialDataContext>,
    );
    expect([...wanted.keys()]).toEqual(['item:2']);
    expect(screen.getByText('Loading')).toBeInTheDocument();
  });
});

describe('useAsync with a page the service worker kept', () => {
  it('shows the kept data at once, then the fresh answer', async () => {
    const initial: InitialData = { entries: new Map([['item:3', { data: 'Kept copy' }]]), stale: true };
    const load = vi.fn(async () => 'Fresh copy');
    render(
      <InitialDataContext value={initial}>
        <Shows id="3" load={load} />
      </InitialDataContext>,
    );
    expect(screen.getByText('Kept copy')).toBeInTheDocument();
    expect(await screen.findByText('Fresh copy')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });
});

describe('useAsync with a kept page offline', () => {
  it('goes on showing the kept data when the refresh fails', async () => {
    const initial: InitialData = { entries: new Map([['item:4', { data: 'Kept copy' }]]), stale: true };
    const load = vi.fn(async () => {
      throw new ApiError('Failed to fetch', 0);
    });
    render(
      <InitialDataContext value={initial}>
        <Shows id="4" load={load} />
      </InitialDataContext>,
    );
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    // The hook's handler of the failure was attached first, so it has run once this one sees the rejection.
    await act(() => expect(load.mock.results[0]!.value).rejects.toThrow('Failed to fetch'));
    expect(screen.getByText('Kept copy')).toBeInTheDocument();
    expect(screen.queryByText(/^Failed/)).not.toBeInTheDocument();
  });
});
