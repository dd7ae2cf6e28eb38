import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterSaleRoute, mockApi } from '../../../test/fetch-mock';
import { ItemCondition } from './ItemCondition';

afterEach(() => vi.restoreAllMocks());

const rows = () =>
  within(screen.getByTestId('item-condition'))
    .getAllByRole('term')
    .map((term) => [term.textContent, term.nextElementSibling?.textContent]);

describe('ItemCondition on the product page', () => {
  it('shows the grade with its definition, the shop warranty and the battery health', () => {
    render(<ItemCondition product={{ condition: 'good', warranty_days: 180, battery_health: 87 }} />);
    expect(rows()).toEqual([
      ['Condition', 'GoodLight signs of use such as small scratches; everything works.'],
      ['Warranty', '6-month shop warranty'],
      ['Battery health', '87%'],
    ]);
    expect(screen.getByText('Light signs of use such as small scratches; everything works.')).toBeVisible();
  });

  it('says a 30-day warranty in days, and a shop giving none says so', () => {
    const { rerender } = render(
      <ItemCondition product={{ condition: 'like_new', warranty_days: 30, battery_health: null }} />,
    );
    expect(rows()).toEqual([
      ['Condition', 'Like newNo marks or wear; works perfectly, like it just came out of the box.'],
      ['Warranty', '30-day shop warranty'],
    ]);
    rerender(<ItemCondition product={{ condition: 'for_parts', warranty_days: 0, battery_health: null }} />);
    expect(rows()).toEqual([
      ['Condition', 'For partsDoes not fully work; for repair or spare parts.'],
      ['Warranty', 'No shop warranty'],
    ]);
  });

  it('shows only what is stated, and nothing for an item not graded', () => {
    const { rerender, container } = render(
      <ItemCondition product={{ condition: null, warranty_days: null, battery_health: 91 }} />,
    );
    expect(rows()).toEqual([['Battery health', '91%']]);
    rerender(<ItemCondition product={{ condition: null, warranty_days: null, battery_health: null }} />);
    expect(container).toBeEmptyDOMElement();
    // A page kept from before grades existed has none of the fields.
    rerender(<ItemCondition product={{} as never} />);
    expect(container).toBeEmptyDOMElement();
  });

  it("shows the server's default warranty for a phone, tablet or laptop whose page states none, not For parts", async () => {
    const fetchMock = mockApi([afterSaleRoute(7, 90)]);
    const phone = { condition: 'good', warranty_days: null, battery_health: null } as const;
    const { rerender, container } = render(
      <ItemCondition product={{ ...phone, category: { id: 1, category_name: 'SmartPhones' } }} />,
    );
    expect(await screen.findByText('3-month shop warranty')).toBeInTheDocument();
    expect(rows()).toEqual([
      ['Condition', 'GoodLight signs of use such as small scratches; everything works.'],
      ['Warranty', '3-month shop warranty'],
    ]);
    rerender(
      <ItemCondition
        product={{ ...phone, condition: 'for_parts', category: { id: 1, category_name: 'SmartPhones' } }}
      />,
    );
    expect(rows().map(([term]) => term)).toEqual(['Condition']);
    rerender(
      <ItemCondition product={{ ...phone, condition: null, category: { id: 3, category_name: 'Gaming Consoles' } }} />,
    );
    expect(container).toBeEmptyDOMElement();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
