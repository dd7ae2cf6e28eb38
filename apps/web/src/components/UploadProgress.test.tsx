import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { UploadWatch } from '../lib/upload';
import { UploadProgress } from './UploadProgress';
import { phaseAfter, useUploadProgress } from './use-upload-progress';

/** A form whose submission begins an upload the test then drives through its watch. */
function Harness({ onSend }: { onSend: (watch: UploadWatch) => void }) {
  const upload = useUploadProgress();
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSend(upload.begin());
      }}
    >
      <input aria-label="Item name" defaultValue="" />
      <UploadProgress upload={upload} />
      <button type="submit">{upload.stopped ? 'Try again' : 'Submit item'}</button>
    </form>
  );
}

function setup() {
  const watches: UploadWatch[] = [];
  const user = userEvent.setup();
  render(<Harness onSend={(watch) => watches.push(watch)} />);
  return { user, watches, last: () => watches[watches.length - 1]! };
}

describe('phaseAfter', () => {
  it('offers to send again only after a cut or a cancel; a refusal is told by the form', () => {
    expect(phaseAfter('failed')).toEqual({ kind: 'failed' });
    expect(phaseAfter('cancelled')).toEqual({ kind: 'cancelled' });
    expect(phaseAfter('refused')).toEqual({ kind: 'idle' });
    expect(phaseAfter('sent')).toEqual({ kind: 'idle' });
  });
});

describe('UploadProgress', () => {
  it('shows the bytes sent of the whole while sending', async () => {
    const { user, last } = setup();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit item' }));
    expect(screen.getByText('Starting to send...')).toBeInTheDocument();
    act(() => last().onProgress(307_200, 921_600));
    expect(screen.getByText('Sending: 300 of 900 KB')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Sent so far' })).toHaveAttribute('value', '307200');
    act(() => last().onEnd('sent'));
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('Cancel aborts the upload, keeps what was typed and offers to send it again', async () => {
    const { user, watches, last } = setup();
    await user.type(screen.getByLabelText('Item name'), 'Samsung A14');
    await user.click(screen.getByRole('button', { name: 'Submit item' }));
    const first = last();
    await user.click(screen.getByRole('button', { name: 'Cancel sending' }));
    expect(first.signal.aborted).toBe(true);
    act(() => first.onEnd('cancelled'));
    expect(screen.getByRole('status')).toHaveTextContent(
      'Sending stopped. What was typed and the photos are still here.',
    );
    expect(screen.getByLabelText('Item name')).toHaveValue('Samsung A14');
    // One button sends it again: the form's own.
    expect(screen.getAllByRole('button')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(watches).toHaveLength(2);
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('a dropped connection says so and offers to send again; late events of a replaced upload are ignored', async () => {
    const { user, last } = setup();
    await user.click(screen.getByRole('button', { name: 'Submit item' }));
    const first = last();
    act(() => first.onEnd('failed'));
    expect(screen.getByRole('status')).toHaveTextContent('The connection dropped before everything was sent.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    act(() => first.onProgress(5, 10));
    act(() => first.onEnd('failed'));
    expect(screen.getByText('Starting to send...')).toBeInTheDocument();
  });

  it('leaving the screen stops an upload in flight', async () => {
    const watches: UploadWatch[] = [];
    const user = userEvent.setup();
    const { unmount } = render(<Harness onSend={(watch) => watches.push(watch)} />);
    await user.click(screen.getByRole('button', { name: 'Submit item' }));
    const abort = vi.fn();
    watches[0]!.signal.addEventListener('abort', abort);
    unmount();
    expect(abort).toHaveBeenCalledOnce();
  });
});
