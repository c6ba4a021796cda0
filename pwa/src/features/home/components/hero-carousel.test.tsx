import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HeroCarousel } from './hero-carousel';

const slides = [
  { id: 'one', content: <p>First slide</p> },
  { id: 'two', content: <p>Second slide</p> },
];

const visibleSlide = () => (screen.getByText('First slide').closest('[hidden]') ? 'second' : 'first');

function mockReducedMotion(matches: boolean) {
  window.matchMedia = vi.fn().mockReturnValue({ matches, addEventListener: vi.fn(), removeEventListener: vi.fn() });
}

describe('HeroCarousel', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    mockReducedMotion(false);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('advances every 2 seconds and wraps around', () => {
    render(<HeroCarousel slides={slides} />);
    expect(visibleSlide()).toBe('first');
    expect(screen.getByText('Second slide')).not.toBeVisible();
    act(() => vi.advanceTimersByTime(1999));
    expect(visibleSlide()).toBe('first');
    act(() => vi.advanceTimersByTime(1));
    expect(visibleSlide()).toBe('second');
    expect(screen.getByText('Second slide')).toBeVisible();
    act(() => vi.advanceTimersByTime(2000));
    expect(visibleSlide()).toBe('first');
  });

  it('moves with the previous and next arrows', () => {
    render(<HeroCarousel slides={slides} />);
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(visibleSlide()).toBe('second');
    fireEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
    expect(visibleSlide()).toBe('first');
    fireEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
    expect(visibleSlide()).toBe('second');
  });

  it('jumps to a slide from its indicator, which is marked current', () => {
    render(<HeroCarousel slides={slides} />);
    const second = screen.getByRole('button', { name: 'Show slide 2' });
    expect(second).not.toHaveAttribute('aria-current');
    fireEvent.click(second);
    expect(visibleSlide()).toBe('second');
    expect(second).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('button', { name: 'Show slide 1' })).not.toHaveAttribute('aria-current');
  });

  it('pauses while hovered and resumes when the pointer leaves', () => {
    render(<HeroCarousel slides={slides} />);
    const carousel = screen.getByRole('region', { name: 'Highlights' });
    fireEvent.mouseEnter(carousel);
    act(() => vi.advanceTimersByTime(6000));
    expect(visibleSlide()).toBe('first');
    fireEvent.mouseLeave(carousel);
    act(() => vi.advanceTimersByTime(2000));
    expect(visibleSlide()).toBe('second');
  });

  it('pauses while keyboard focus is inside', () => {
    render(<HeroCarousel slides={slides} />);
    act(() => screen.getByRole('button', { name: 'Show slide 1' }).focus());
    act(() => vi.advanceTimersByTime(6000));
    expect(visibleSlide()).toBe('first');
  });

  it('stops with the Pause button', () => {
    render(<HeroCarousel slides={slides} />);
    fireEvent.click(screen.getByRole('button', { name: 'Pause slides' }));
    fireEvent.mouseLeave(screen.getByRole('region', { name: 'Highlights' }));
    act(() => vi.advanceTimersByTime(6000));
    expect(visibleSlide()).toBe('first');
    expect(screen.getByRole('button', { name: 'Play slides' })).toBeInTheDocument();
  });

  it('does not rotate when the visitor prefers reduced motion', () => {
    mockReducedMotion(true);
    render(<HeroCarousel slides={slides} />);
    act(() => vi.advanceTimersByTime(6000));
    expect(visibleSlide()).toBe('first');
  });
});
