import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { renderToString } from 'preact-render-to-string';
import { describe, expect, it, vi } from 'vitest';
import { lazyPage, loadPieces, RenderedPieces } from './lazy-page';

// The pieces a server render used are named in the page, and the browser loads their code before it
// hydrates, so nothing waits for code during hydration.

function piece(label: string) {
  const load = vi.fn(async () => ({ [label]: () => <p>{label} here</p> }));
  return { load, Piece: lazyPage(load, label) };
}

describe('lazy pieces', () => {
  it('render at once, without their fallback, once loadPieces has loaded them', async () => {
    const { load, Piece } = piece('LoadedFirst');
    await loadPieces(['LoadedFirst', 'NotAPiece']);
    expect(load).toHaveBeenCalledTimes(1);
    render(
      <Suspense fallback={<p>waiting</p>}>
        <Piece />
      </Suspense>,
    );
    // Synchronously: no fallback was ever shown.
    expect(screen.getByText('LoadedFirst here')).toBeInTheDocument();
    expect(screen.queryByText('waiting')).not.toBeInTheDocument();
  });

  it('wait for their code when it was not loaded before', async () => {
    const { Piece } = piece('LoadedLater');
    render(
      <Suspense fallback={<p>waiting</p>}>
        <Piece />
      </Suspense>,
    );
    expect(screen.getByText('waiting')).toBeInTheDocument();
    expect(await screen.findByText('LoadedLater here')).toBeInTheDocument();
  });

  it("are named to the server's render that used them", async () => {
    const { Piece } = piece('Named');
    await loadPieces(['Named']);
    const used = new Set<string>();
    renderToString(
      <RenderedPieces value={used}>
        <Piece />
      </RenderedPieces>,
    );
    expect([...used]).toEqual(['Named']);
  });
});
