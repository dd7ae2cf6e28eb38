import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { readDataSaver, setDataSaver, useDataSaver } from './data-saver';

const connection = navigator as { connection?: { saveData?: boolean } };

afterEach(() => {
  delete connection.connection;
  document.cookie = 'data_saver=; Path=/; Max-Age=0';
});

function Mode() {
  return <p>{useDataSaver() ? 'saving' : 'photos'}</p>;
}

describe('the data-saver setting', () => {
  it("follows the browser's Save-Data until the visitor chooses", () => {
    expect(readDataSaver()).toBe(false);
    connection.connection = { saveData: true };
    expect(readDataSaver()).toBe(true);
    setDataSaver(false);
    expect(readDataSaver()).toBe(false);
  });

  it('is remembered, and tells the server through a cookie', () => {
    setDataSaver(true);
    expect(localStorage.getItem('data-saver')).toBe('on');
    expect(document.cookie).toContain('data_saver=on');
    setDataSaver(false);
    expect(localStorage.getItem('data-saver')).toBe('off');
    expect(document.cookie).toContain('data_saver=off');
  });

  it('changes every screen that reads it at once', () => {
    render(<Mode />);
    expect(screen.getByText('photos')).toBeInTheDocument();
    act(() => setDataSaver(true));
    expect(screen.getByText('saving')).toBeInTheDocument();
  });

  it('puts back a cleared cookie, so the server renders the chosen way', () => {
    localStorage.setItem('data-saver', 'on');
    render(<Mode />);
    expect(screen.getByText('saving')).toBeInTheDocument();
    expect(document.cookie).toContain('data_saver=on');
  });
});
