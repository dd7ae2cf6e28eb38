import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { ConditionChoice } from './ConditionChoice';
import { renderWithRouter } from '../test/render';
import { ConditionLabel } from './ConditionLabel';
import { PreviewCard } from './PreviewCard';
import { ProductCard } from './ProductCard';

function Form({ allowNotGraded, error, initial = '' }: { allowNotGraded?: boolean; error?: string; initial?: string }) {
  const { register, watch } = useForm({ defaultValues: { condition: initial } });
  return (
    <>
      <ConditionChoice
        legend="Your item's condition"
        input={register('condition')}
        error={error}
        allowNotGraded={allowNotGraded}
      />
      <output data-testid="value">{watch('condition')}</output>
    </>
  );
}

describe('ConditionChoice', () => {
  it('offers the four grades, each named by its label and described by its one-line definition', () => {
    render(<Form />);
    expect(screen.getByRole('radiogroup', { name: "Your item's condition" })).toBeInTheDocument();
    const radios = screen.getAllByRole('radio');
    expect(radios.map((r) => r.getAttribute('value'))).toEqual(['like_new', 'good', 'fair', 'for_parts']);
    expect(screen.getByRole('radio', { name: 'Like new' })).toHaveAccessibleDescription(
      'No marks or wear; works perfectly, like it just came out of the box.',
    );
    expect(screen.getByRole('radio', { name: 'Good' })).toHaveAccessibleDescription(
      'Light signs of use such as small scratches; everything works.',
    );
    expect(screen.getByRole('radio', { name: 'Fair' })).toHaveAccessibleDescription(
      'Clear signs of use such as scratches or dents; everything works.',
    );
    expect(screen.getByRole('radio', { name: 'For parts' })).toHaveAccessibleDescription(
      'Does not fully work; for repair or spare parts.',
    );
    // The definitions are on screen, not only read out.
    expect(screen.getByText('Does not fully work; for repair or spare parts.')).toBeVisible();
    expect(screen.queryByRole('radio', { name: 'Not graded' })).not.toBeInTheDocument();
    for (const radio of radios) expect(radio).not.toBeChecked();
  });

  it('chooses a grade by tapping anywhere on its row', async () => {
    const user = userEvent.setup();
    render(<Form />);
    await user.click(screen.getByText('Clear signs of use such as scratches or dents; everything works.'));
    expect(screen.getByRole('radio', { name: 'Fair' })).toBeChecked();
    expect(screen.getByTestId('value')).toHaveTextContent('fair');
  });

  it('shows the message under the group and on every radio', () => {
    render(<Form error="Choose the item's condition" />);
    expect(screen.getByText("Choose the item's condition")).toBeInTheDocument();
    expect(screen.getByRole('radiogroup')).toHaveAttribute('aria-invalid', 'true');
    for (const radio of screen.getAllByRole('radio')) {
      expect(radio).toHaveAccessibleDescription(expect.stringContaining("Choose the item's condition"));
    }
  });

  it('lets staff leave an item not graded', async () => {
    const user = userEvent.setup();
    render(<Form allowNotGraded initial="good" />);
    expect(screen.getByRole('radio', { name: 'Good' })).toBeChecked();
    const none = screen.getByRole('radio', { name: 'Not graded' });
    expect(none).toHaveAccessibleDescription('No grade is shown to buyers.');
    await user.click(none);
    expect(screen.getByTestId('value')).toHaveTextContent('');
  });
});

describe('ConditionLabel', () => {
  it('names the grade, for a screen reader as a condition', () => {
    render(<ConditionLabel condition="for_parts" />);
    expect(screen.getByTestId('condition-label')).toHaveTextContent('Condition: For parts');
  });

  it('shows nothing for an item not graded or an unknown grade', () => {
    const { container } = render(
      <>
        <ConditionLabel condition={null} />
        <ConditionLabel condition={undefined} />
        <ConditionLabel condition="excellent" />
      </>,
    );
    expect(container).toBeEmptyDOMElement();
  });
});

describe('the grade on cards', () => {
  it('shows on a product card as a small label under the price', () => {
    renderWithRouter(<ProductCard product={{ id: 5, name: 'iPhone 12 64GB', price: 720000, condition: 'good' }} />);
    const article = screen.getByRole('article');
    expect(article).toHaveTextContent('Condition: Good');
    // After the price, before the location.
    expect(article.textContent).toMatch(/MWK 720,000.*Condition: Good/);
  });

  it('is left out for an item not graded, and for an older saved card without the field', () => {
    renderWithRouter(<ProductCard product={{ id: 5, name: 'iPhone 12 64GB', price: 720000 }} />);
    expect(screen.queryByTestId('condition-label')).not.toBeInTheDocument();
  });

  it('shows in the sell form preview once chosen', () => {
    const { rerender } = render(<PreviewCard />);
    expect(screen.queryByTestId('condition-label')).not.toBeInTheDocument();
    rerender(<PreviewCard condition="like_new" />);
    expect(screen.getByRole('region', { name: 'Preview' })).toHaveTextContent('Condition: Like new');
  });
});
