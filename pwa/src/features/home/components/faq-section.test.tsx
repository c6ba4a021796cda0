import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FaqSection } from './faq-section';

const questions = [
  'How do I create an account?',
  'Which payment systems do you accept?',
  'How do I deposit?',
  'How do I withdraw?',
];

const openQuestions = () =>
  screen
    .getAllByRole('button')
    .filter((button) => button.getAttribute('aria-expanded') === 'true')
    .map((button) => button.textContent);

describe('FaqSection', () => {
  it('lists the four questions, all closed at first', () => {
    render(<FaqSection />);
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(questions);
    expect(openQuestions()).toEqual([]);
    expect(screen.queryByText(/Select Register/)).not.toBeVisible();
  });

  it('keeps at most one answer open', () => {
    render(<FaqSection />);
    fireEvent.click(screen.getByRole('button', { name: 'How do I deposit?' }));
    expect(openQuestions()).toEqual(['How do I deposit?']);
    expect(screen.getByText(/at least \$50/)).toBeVisible();

    fireEvent.click(screen.getByRole('button', { name: 'How do I withdraw?' }));
    expect(openQuestions()).toEqual(['How do I withdraw?']);
    expect(screen.getByText(/at least \$50/)).not.toBeVisible();
    expect(screen.getByText(/payout address/)).toBeVisible();
  });

  it('closes the open answer when its question is pressed again', () => {
    render(<FaqSection />);
    const question = screen.getByRole('button', { name: 'How do I create an account?' });
    fireEvent.click(question);
    fireEvent.click(question);
    expect(openQuestions()).toEqual([]);
  });

  it('ties each answer to its question for assistive technology', () => {
    render(<FaqSection />);
    const question = screen.getByRole('button', { name: 'Which payment systems do you accept?' });
    fireEvent.click(question);
    const answer = screen.getByRole('region', { name: 'Which payment systems do you accept?' });
    expect(question).toHaveAttribute('aria-controls', answer.id);
    expect(answer).toHaveTextContent(/Bitcoin, Ethereum/);
  });
});
