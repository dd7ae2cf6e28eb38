import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LanguageProvider } from '../i18n/context';
import { MemoryRouter } from '../lib/router';
import { chichewa, renderInChichewa } from '../test/render';
import { ErrorBoundary } from './ErrorBoundary';
import { Field } from './FormField';
import { ImagePicker } from './ImagePicker';
import { ProductCard } from './ProductCard';

/** A wrapper in Chichewa with these messages, kept across `rerender`. */
function inChichewa(messages: Record<string, string>) {
  const i18n = chichewa(messages);
  return function Wrapper({ children }: { children: ReactNode }) {
    return (
      <MemoryRouter>
        <LanguageProvider i18n={i18n}>{children}</LanguageProvider>
      </MemoryRouter>
    );
  };
}

afterEach(() => vi.restoreAllMocks());

describe('shared components in Chichewa', () => {
  it("a field shows a schema's message translated when the catalogue knows it, else as it came", () => {
    const messages = { 'Price is required': 'Mtengo ukufunika' };
    const { rerender } = render(
      <Field label="Mtengo" error="Price is required">
        {(aria) => <input {...aria} />}
      </Field>,
      { wrapper: inChichewa(messages) },
    );
    expect(screen.getByRole('textbox', { name: 'Mtengo' })).toHaveAccessibleDescription('Mtengo ukufunika');
    rerender(
      <Field label="Mtengo" error="Galaxy {S9} is taken">
        {(aria) => <input {...aria} />}
      </Field>,
    );
    expect(screen.getByText('Galaxy {S9} is taken')).toBeInTheDocument();
  });

  it('the error boundary says what went wrong and names the way home in Chichewa', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    function Broken(): never {
      throw new Error('Cannot read properties of undefined');
    }
    renderInChichewa(
      <ErrorBoundary home={{ to: '/', label: 'Go to the home page' }}>
        <Broken />
      </ErrorBoundary>,
      {
        'Something went wrong': 'Pali vuto lina',
        'Go to the home page': 'Pitani ku tsamba loyamba',
        'Try again': 'Yesaninso',
      },
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Pali vuto lina' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Pitani ku tsamba loyamba' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('button', { name: 'Yesaninso' })).toBeInTheDocument();
  });

  it('a card translates its badge, grade and watchers, one or many, but not the name', () => {
    const messages = {
      Sold: 'Zagulitsidwa',
      'Condition:': 'Mmene chilili:',
      'Like new': 'Ngati chatsopano',
      '1 watching': 'Munthu 1 akuchitsatira',
      '{count} watching': 'Anthu {count} akuchitsatira',
      'Add to basket': 'Ikani mu dengu',
    };
    const product = { id: 5, name: 'HP EliteBook 840', condition: 'like_new', watchers: 1 };
    const { rerender } = render(<ProductCard product={{ ...product, sold: true }} showWatchers />, {
      wrapper: inChichewa(messages),
    });
    expect(screen.getAllByText('Zagulitsidwa')).toHaveLength(2);
    expect(screen.getByTestId('condition-label')).toHaveTextContent('Mmene chilili: Ngati chatsopano');
    expect(screen.getByText('Munthu 1 akuchitsatira')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'HP EliteBook 840' })).toBeInTheDocument();

    rerender(<ProductCard product={{ ...product, watchers: 4 }} showWatchers />);
    expect(screen.getByText('Anthu 4 akuchitsatira')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ikani mu dengu HP EliteBook 840' })).toBeInTheDocument();
  });
});

describe('the image picker in Chichewa', () => {
  beforeEach(() => {
    let n = 0;
    URL.createObjectURL = vi.fn(() => `blob:test/${++n}`);
    URL.revokeObjectURL = vi.fn();
  });

  function Harness() {
    const [files, setFiles] = useState<File[]>([]);
    return <ImagePicker files={files} onChange={setFiles} />;
  }

  it('says how many files it skipped, one or many, and names each image', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderInChichewa(<Harness />, {
      Images: 'Zithunzi',
      '1 file skipped: only images can be added.': 'Fayilo 1 yasiyidwa: zithunzi zokha.',
      '{count} files skipped: only images can be added.': 'Mafayilo {count} asiyidwa: zithunzi zokha.',
      '1 file skipped: at most {max} images.': 'Fayilo 1 yasiyidwa: zithunzi zosapitirira {max}.',
      'Image {number} (primary)': 'Chithunzi {number} (chachikulu)',
      'Image {number}': 'Chithunzi {number}',
    });
    const image = (name: string) => new File(['x'], name, { type: 'image/jpeg' });
    const text = (name: string) => new File(['x'], name, { type: 'text/plain' });
    await user.upload(screen.getByLabelText('Zithunzi'), [text('a.txt'), text('b.txt'), image('1.jpg')]);
    expect(screen.getByRole('status')).toHaveTextContent('Mafayilo 2 asiyidwa: zithunzi zokha.');
    await user.upload(screen.getByLabelText('Zithunzi'), [
      text('c.txt'),
      image('2.jpg'),
      image('3.jpg'),
      image('4.jpg'),
    ]);
    expect(screen.getByRole('status')).toHaveTextContent(
      'Fayilo 1 yasiyidwa: zithunzi zokha. Fayilo 1 yasiyidwa: zithunzi zosapitirira 3.',
    );
    expect(screen.getAllByRole('img').map((img) => img.getAttribute('alt'))).toEqual([
      'Chithunzi 1 (chachikulu)',
      'Chithunzi 2',
      'Chithunzi 3',
    ]);
  });
});
