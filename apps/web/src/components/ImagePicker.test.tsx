import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { acceptImages, ImagePicker, type ExistingImage } from './ImagePicker';

const image = (name: string) => new File(['x'], name, { type: 'image/jpeg' });
const text = (name: string) => new File(['x'], name, { type: 'text/plain' });

beforeEach(() => {
  let n = 0;
  URL.createObjectURL = vi.fn(() => `blob:test/${++n}`);
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.restoreAllMocks());

describe('acceptImages', () => {
  it('keeps only images, up to the room left, and counts what it dropped', () => {
    const result = acceptImages(
      [image('a.jpg')],
      [text('notes.txt'), image('b.jpg'), image('c.jpg'), image('d.jpg')],
      2,
    );
    expect(result.files.map((f) => f.name)).toEqual(['a.jpg', 'b.jpg', 'c.jpg']);
    expect(result.rejectedType).toBe(1);
    expect(result.overLimit).toBe(1);
    expect(acceptImages([], [image('a.jpg')], 0).files).toEqual([]);
  });
});

function Harness({
  existing = [],
  onRemoveExisting,
}: {
  existing?: ExistingImage[];
  onRemoveExisting?: (key: string) => void;
}) {
  const [files, setFiles] = useState<File[]>([]);
  return <ImagePicker files={files} onChange={setFiles} existing={existing} onRemoveExisting={onRemoveExisting} />;
}

const input = () => screen.getByLabelText('Images');
const thumbnails = () => screen.queryAllByRole('img');
// A user can switch the file dialog to "All files", so the picker itself must drop what is not an image.
const setup = () => userEvent.setup({ applyAccept: false });

describe('ImagePicker', () => {
  it('accepts at most 3 images, drops the rest and non-images, and marks the first Primary', async () => {
    const user = setup();
    render(<Harness />);
    expect(input()).toHaveAttribute('accept', 'image/*');
    await user.upload(input(), [image('1.jpg'), text('x.txt'), image('2.jpg'), image('3.jpg'), image('4.jpg')]);
    expect(thumbnails()).toHaveLength(3);
    expect(screen.getAllByText('Primary')).toHaveLength(1);
    expect(thumbnails()[0]!).toHaveAttribute('alt', 'Image 1 (primary)');
    expect(screen.getByRole('status')).toHaveTextContent('1 file skipped: only images can be added.');
    expect(screen.getByRole('status')).toHaveTextContent('1 file skipped: at most 3 images.');
    expect(input()).toBeDisabled();
    expect(screen.getByText('Maximum of 3 images reached')).toBeInTheDocument();
  });

  it('takes dropped files and removes one with its button', async () => {
    const user = setup();
    render(<Harness />);
    const zone = screen.getByText('Drag and drop images here, or click to choose').closest('label')!;
    // user-event has no drag and drop: the drop event carries the files directly.
    fireEvent.drop(zone, { dataTransfer: { files: [image('a.jpg'), image('b.jpg')] } });
    expect(thumbnails()).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Remove image 1' }));
    expect(thumbnails()).toHaveLength(1);
    expect(screen.getByText('Primary')).toBeInTheDocument();
    expect(URL.revokeObjectURL).toHaveBeenCalled();
  });

  it('counts stored images against the limit and reports their removal', async () => {
    const user = setup();
    const onRemoveExisting = vi.fn();
    render(
      <Harness
        existing={[
          { key: 'a.webp', url: '/a' },
          { key: 'b.webp', url: '/b' },
        ]}
        onRemoveExisting={onRemoveExisting}
      />,
    );
    await user.upload(input(), [image('new1.jpg'), image('new2.jpg')]);
    expect(thumbnails()).toHaveLength(3);
    expect(screen.getByRole('status')).toHaveTextContent('1 file skipped: at most 3 images.');
    await user.click(screen.getByRole('button', { name: 'Remove image 2' }));
    expect(onRemoveExisting).toHaveBeenCalledWith('b.webp');
  });
});
