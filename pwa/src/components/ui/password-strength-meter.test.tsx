import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../test/render-page';
import { PasswordStrengthMeter } from './password-strength-meter';

const filledCount = () => screen.getAllByTestId('strength-bar').filter((bar) => bar.dataset.filled === 'true').length;

describe('PasswordStrengthMeter', () => {
  it('shows six grey bars and no text for an empty password', () => {
    renderPage(<PasswordStrengthMeter password="" />);
    expect(screen.getAllByTestId('strength-bar')).toHaveLength(6);
    expect(filledCount()).toBe(0);
    expect(screen.queryByText(/strong password/)).not.toBeInTheDocument();
  });

  it.each(['a', 'abcde'])('fills two red bars with no text for %j', (password) => {
    const { container } = renderPage(<PasswordStrengthMeter password={password} />);
    expect(filledCount()).toBe(2);
    expect(container.querySelector('.strength-meter')).toHaveAttribute('data-level', 'weak');
    expect(container.querySelector('.strength-meter__text')).toBeNull();
  });

  it.each(['abcdef', 'abcdefgh'])('fills four orange bars and encourages more for %j', (password) => {
    const { container } = renderPage(<PasswordStrengthMeter password={password} />);
    expect(filledCount()).toBe(4);
    expect(container.querySelector('.strength-meter')).toHaveAttribute('data-level', 'almost');
    expect(screen.getByText('You’re almost at a strong password, try adding characters.')).toBeVisible();
  });

  it('fills all six green bars from nine characters', () => {
    const { container } = renderPage(<PasswordStrengthMeter password="abcdefghi" />);
    expect(filledCount()).toBe(6);
    expect(container.querySelector('.strength-meter')).toHaveAttribute('data-level', 'strong');
    expect(screen.getByText('You now have a strong password')).toBeVisible();
    expect(screen.getByRole('meter', { name: 'Password strength' })).toHaveAttribute('aria-valuenow', '6');
  });

  it('counts characters rather than UTF-16 units', () => {
    renderPage(<PasswordStrengthMeter password={'🔒🔒🔒🔒🔒'} />);
    expect(filledCount()).toBe(2);
  });
});
