import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes, useLocation } from '../../lib/router';
import { json, mockApi } from '../../test/fetch-mock';
import { renderWithRouter } from '../../test/render';
import { SearchForm } from './SearchForm';
import { clearSuggestions } from './use-suggestions';

afterEach(() => {
  vi.restoreAllMocks();
  clearSuggestions();
});

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{pathname + search}</p>;
}

function renderForm() {
  return renderWithRouter(
    <>
      <SearchForm />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </>,
  );
}

const suggestions = {
  suggestions: [
    { id: 7, name: 'Samsung Galaxy A54' },
    { id: 9, name: 'Samsung 55" TV' },
  ],
};

describe('search suggestions', () => {
  it('offers names after a pause in typing, once per query, and opens one with the keyboard', async () => {
    const user = userEvent.setup();
    const fetchMock = mockApi([[/GET \/api\/v1\/products\/suggestions\?q=sam$/, () => json(suggestions)]]);
    renderForm();
    const box = screen.getByRole('combobox', { name: 'Search products' });
    expect(box).toHaveAttribute('aria-expanded', 'false');
    await user.type(box, 'sam');
    expect(await screen.findByRole('option', { name: 'Samsung Galaxy A54' })).toBeInTheDocument();
    // "s" asks nothing (too short), "sa" was overtaken by "sam" before its pause ended.
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(box).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('option', { name: 'Samsung 55" TV' })).toHaveAttribute('aria-selected', 'true');
    expect(box).toHaveAttribute('aria-activedescendant', 'site-search-option-1');
    await user.keyboard('{ArrowDown}');
    expect(box).not.toHaveAttribute('aria-activedescendant');
    await user.keyboard('{ArrowUp}{Enter}');
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/product\/9$/);
  });

  it('closes with Escape and still searches with Enter when no name is chosen', async () => {
    const user = userEvent.setup();
    mockApi([[/suggestions\?q=sam$/, () => json(suggestions)]]);
    renderForm();
    const box = screen.getByRole('combobox', { name: 'Search products' });
    await user.type(box, 'sam');
    await screen.findByRole('option', { name: 'Samsung Galaxy A54' });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/discover\?search=sam$/);
  });

  it('offers nothing when the call fails, and the search still works', async () => {
    const user = userEvent.setup();
    const fetchMock = mockApi([[/suggestions/, () => json({ message: 'down' }, 503)]]);
    renderForm();
    const box = screen.getByRole('combobox', { name: 'Search products' });
    await user.type(box, 'tv set');
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    expect(box).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/discover\?search=tv\+set$/);
  });

  it('picks a name with the mouse', async () => {
    const user = userEvent.setup();
    mockApi([[/suggestions\?q=sam$/, () => json(suggestions)]]);
    renderForm();
    await user.type(screen.getByRole('combobox', { name: 'Search products' }), 'sam');
    await user.click(await screen.findByRole('option', { name: 'Samsung Galaxy A54' }));
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/product\/7$/);
  });
});
