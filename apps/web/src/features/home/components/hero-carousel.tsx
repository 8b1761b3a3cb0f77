import { useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import '../home.css';

/** docs/origin.md §9: a new slide every 3000 ms, cross-faded over 3000 ms. */
export const CAROUSEL_AUTOPLAY_MS = 3000;
export const CAROUSEL_FADE_MS = 3000;

export interface CarouselSlide {
  id: string;
  eyebrow: string;
  title: string;
  body: ReactNode;
}

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function subscribeReducedMotion(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(REDUCED_MOTION).matches;
}

/** The slide shown, and the one fading out above it since the last change. */
interface SlideState {
  active: number;
  leaving: number | null;
}

/** `index` becomes the shown slide; the one it replaces fades out above it. */
function showSlide(state: SlideState, index: number): SlideState {
  return index === state.active ? state : { active: index, leaving: state.active };
}

/** false in the pre-rendered HTML and during hydration; the real value right after. */
function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(subscribeReducedMotion, prefersReducedMotion, () => false);
}

/**
 * The home banner. Each slide has a backdrop (its picture) and its text. The backdrops keep the
 * origin's cross-fade: the new one is shown at once under the old one, which fades out above it
 * over 3000 ms. The text is not faded: only the shown slide's headline and Join Now are visible
 * and focusable; the others are hidden (visibility: hidden, aria-hidden, inert) from the moment
 * the slide changes, so two headlines or two buttons never show at once (issue 16, item 9). The
 * slides share one grid cell, so the banner keeps the height of the longest and does not jump.
 * The first slide is visible in the pre-rendered HTML. Autoplay waits while the pointer is over
 * it, stops when focus moves inside or the visitor presses Pause (WCAG 2.2.2), and does not start
 * for visitors who prefer reduced motion (Play starts it).
 */
export function HeroCarousel({ slides }: { slides: readonly CarouselSlide[] }) {
  const [{ active, leaving }, setSlides] = useState<SlideState>({ active: 0, leaving: null });
  // 'auto' plays unless the visitor prefers reduced motion; Pause/Play overrides it.
  const [choice, setChoice] = useState<'auto' | 'play' | 'pause'>('auto');
  const [hovered, setHovered] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const playing = choice === 'play' || (choice === 'auto' && !reducedMotion);
  const autoplay = playing && !hovered && slides.length > 1;

  useEffect(() => {
    if (!autoplay) return;
    const timer = window.setTimeout(
      () => setSlides((state) => showSlide(state, (state.active + 1) % slides.length)),
      CAROUSEL_AUTOPLAY_MS,
    );
    return () => window.clearTimeout(timer);
  }, [autoplay, active, slides.length]);

  return (
    <section
      className="hero hero-carousel"
      aria-roledescription="carousel"
      aria-label="Highlights"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={(event) => {
        // Keyboard focus inside stops rotation until the visitor presses Play (WAI-ARIA APG).
        if (!(event.target instanceof HTMLElement && event.target.dataset.carouselToggle))
          setChoice('pause');
      }}
      style={{ ['--carousel-fade-ms' as string]: `${CAROUSEL_FADE_MS}ms` }}
    >
      <div className="hero-backdrops" aria-hidden="true">
        {slides.map((slide, index) => (
          <div
            key={slide.id}
            className={`hero-backdrop hero-backdrop--${index % 3}${index === active ? ' hero-backdrop--active' : ''}${index === leaving ? ' hero-backdrop--leaving' : ''}`}
          />
        ))}
      </div>
      <div className="hero-slides">
        {slides.map((slide, index) => {
          const isActive = index === active;
          const Heading = index === 0 ? 'h1' : 'h2';
          return (
            <div
              key={slide.id}
              className={`hero-slide${isActive ? ' hero-slide--active' : ''}${isActive && leaving !== null ? ' hero-slide--changed' : ''}`}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${slides.length}`}
              aria-hidden={isActive ? undefined : true}
              inert={!isActive}
            >
              <div className="container hero-inner">
                <p className="hero-eyebrow">{slide.eyebrow}</p>
                <Heading className="hero-title">{slide.title}</Heading>
                <div className="hero-copy">{slide.body}</div>
                <Link to={paths.register} className="button button--accent button--large">
                  Join Now
                </Link>
              </div>
            </div>
          );
        })}
      </div>
      <div className="container hero-controls">
        <button
          type="button"
          className="hero-toggle"
          data-carousel-toggle="true"
          onClick={() => setChoice(playing ? 'pause' : 'play')}
          aria-label={playing ? 'Pause slideshow' : 'Play slideshow'}
        >
          <span aria-hidden="true">{playing ? '❚❚' : '▶'}</span>
        </button>
        {slides.map((slide, index) => (
          <button
            key={slide.id}
            type="button"
            className="hero-bullet"
            aria-label={`Show slide ${index + 1}`}
            aria-current={index === active ? 'true' : undefined}
            onClick={() => setSlides((state) => showSlide(state, index))}
          />
        ))}
      </div>
    </section>
  );
}
