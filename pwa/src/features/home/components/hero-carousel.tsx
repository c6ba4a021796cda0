import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CAROUSEL_INTERVAL_MS } from '../../../config/constants';
import { usePrefersReducedMotion } from '../../../lib/hooks/use-reduced-motion';
import './hero-carousel.css';

export type CarouselSlide = { id: string; content: ReactNode };

type HeroCarouselProps = { slides: CarouselSlide[]; intervalMs?: number };

/**
 * Auto-advancing slides (WAI-ARIA carousel pattern). Rotation stops while the pointer is over it or
 * focus is inside it, when the visitor prefers reduced motion, and when they press Pause.
 */
export function HeroCarousel({ slides, intervalMs = CAROUSEL_INTERVAL_MS }: HeroCarouselProps) {
  const { t } = useTranslation('home');
  const [current, setCurrent] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const rotating = !hovered && !focused && !stopped && !reducedMotion && slides.length > 1;
  const total = slides.length;

  useEffect(() => {
    if (!rotating) return;
    const timer = setInterval(() => setCurrent((index) => (index + 1) % total), intervalMs);
    return () => clearInterval(timer);
  }, [rotating, intervalMs, total]);

  const go = (index: number) => setCurrent((index + total) % total);

  return (
    <section
      className="carousel"
      aria-roledescription="carousel"
      aria-label={t('hero.carouselLabel')}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div className="carousel__slides" aria-live={rotating ? 'off' : 'polite'}>
        {slides.map((slide, index) => (
          <div
            key={slide.id}
            role="group"
            aria-roledescription="slide"
            aria-label={t('hero.slideLabel', { number: index + 1, total })}
            className="carousel__slide"
            hidden={index !== current}
          >
            {slide.content}
          </div>
        ))}
      </div>
      <div className="carousel__controls">
        <button
          type="button"
          className="carousel__arrow"
          onClick={() => go(current - 1)}
          aria-label={t('hero.previous')}
        >
          <span aria-hidden="true" className="carousel__chevron carousel__chevron--prev" />
        </button>
        <div className="carousel__indicators">
          {slides.map((slide, index) => (
            <button
              key={slide.id}
              type="button"
              className="carousel__indicator"
              aria-label={t('hero.goTo', { number: index + 1 })}
              aria-current={index === current ? 'true' : undefined}
              onClick={() => go(index)}
            />
          ))}
        </div>
        <button type="button" className="carousel__arrow" onClick={() => go(current + 1)} aria-label={t('hero.next')}>
          <span aria-hidden="true" className="carousel__chevron carousel__chevron--next" />
        </button>
        {/* Always rendered, hidden by CSS for those who prefer reduced motion: the HTML rendered at build time cannot
            know the preference, and React would otherwise remove it after hydration and shift the page. */}
        <button type="button" className="carousel__toggle" onClick={() => setStopped((value) => !value)}>
          {stopped ? t('hero.play') : t('hero.pause')}
        </button>
      </div>
    </section>
  );
}
