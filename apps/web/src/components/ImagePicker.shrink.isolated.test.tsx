import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ImagePicker } from './ImagePicker';
import { SellForm } from './sell-form/SellForm';
import { renderWithRouter } from '../test/render';

// The shrinking itself runs in a browser's worker (the journey sell-photos.spec.ts); here, what the picker
// does with its answers: a shrunk copy replaces the picked file, an undecodable file is refused by name.
const shrinkPhoto = vi.hoisted(() => vi.fn<(file: File) => Promise<File | null>>());
vi.mock('../lib/photo-shrink', () => ({ shrinkPhoto }));

const image = (name: string, size = 1) => new File(['x'.repeat(size)], name, { type: 'image/jpeg' });

beforeEach(() => {
  vi.stubGlobal('createImageBitmap', vi.fn());
  URL.createObjectURL = vi.fn(() => 'blob:test');
  URL.revokeObjectURL = vi.fn();
  shrinkPhoto.mockReset();
  shrinkPhoto.mockImplementation((file) =>
    Promise.resolve(file.name.startsWith('notes') ? null : new File(['small'], `${file.name}.small.jpg`)),
  );
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

let sent: File[] = [];
function Harness() {
  const [files, setFiles] = useState<File[]>([]);
  sent = files;
  return <ImagePicker files={files} onChange={setFiles} />;
}

describe('ImagePicker shrinking', () => {
  it('swaps each picked photo for its shrunk copy, in order', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.upload(screen.getByLabelText('Images'), [image('front.jpg', 3000), image('back.jpg', 3000)]);
    await waitFor(() => expect(sent.map((f) => f.name)).toEqual(['front.jpg.small.jpg', 'back.jpg.small.jpg']));
    expect(await screen.findAllByRole('img')).toHaveLength(2);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('refuses a file that does not decode on its own thumbnail, naming it, and does not send it', async () => {
    const user = userEvent.setup({ applyAccept: false });
    render(<Harness />);
    await user.upload(screen.getByLabelText('Images'), [image('front.jpg'), image('notes.jpg')]);
    expect(await screen.findByText('notes.jpg is not a photo that can be opened. Choose another.')).toBeInTheDocument();
    await waitFor(() => expect(sent.map((f) => f.name)).toEqual(['front.jpg.small.jpg']));
    // The thumbnail's address is made in an effect, which runs after the next paint on Preact's runtime.
    await waitFor(() => expect(screen.getAllByRole('img')).toHaveLength(1));
    // It takes no room: two more can be added.
    expect(screen.getByText(/\(1 of 3 added\)/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove notes.jpg' }));
    expect(screen.queryByText(/notes\.jpg is not a photo/)).not.toBeInTheDocument();
  });

  it('a photo removed while it is shrinking stays removed', async () => {
    let finish: (file: File) => void = () => {};
    shrinkPhoto.mockImplementation(() => new Promise<File | null>((resolve) => (finish = resolve)));
    const user = userEvent.setup();
    render(<Harness />);
    await user.upload(screen.getByLabelText('Images'), [image('front.jpg')]);
    // Shown at once, while it is made smaller.
    expect(screen.getAllByRole('img')).toHaveLength(1);
    expect(await screen.findByText('Making the photos smaller for sending...')).toBeInTheDocument();
    await waitFor(() => expect(shrinkPhoto).toHaveBeenCalledOnce());
    await user.click(screen.getByRole('button', { name: 'Remove image 1' }));
    finish(image('front.small.jpg'));
    await waitFor(() => expect(screen.getByRole('status')).toBeEmptyDOMElement());
    expect(sent).toEqual([]);
  });

  it("holds the form's Submit while photos shrink, so none goes at full size", async () => {
    let finish: (file: File) => void = () => {};
    shrinkPhoto.mockImplementation(() => new Promise<File | null>((resolve) => (finish = resolve)));
    const user = userEvent.setup();
    renderWithRouter(<SellForm variant="public" onSubmit={vi.fn()} submitLabel="Submit item" />);
    await user.upload(screen.getByLabelText('Photos of your item'), [image('front.jpg')]);
    expect(await screen.findByRole('button', { name: 'Preparing photos...' })).toBeDisabled();
    await waitFor(() => expect(shrinkPhoto).toHaveBeenCalledOnce());
    finish(image('front.small.jpg'));
    expect(await screen.findByRole('button', { name: 'Submit item' })).toBeEnabled();
  });
});
