import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { site } from '../../../content/site';
import { CAROUSEL_AUTOPLAY_MS, CAROUSEL_FADE_MS, HeroCarousel } from './hero-carousel';
import { homeSlides } from './home-slides';

function renderCarousel() {
  const router = createMemoryRouter(
    [{ path: '/', element: <HeroCarousel slides={homeSlides(site)} /> }],
    { initialEntries: ['/'] },
  );
  return render(<RouterProvider router={router} />);
}

function activeSlide(): number {
  const slides = Array.from(document.querySelectorAll('.hero-slide'));
  return slides.findIndex((slide) => slide.classList.contains('hero-slide--active')) + 1;
}

function stubReducedMotion(reduce: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: reduce && query.includes('prefers-reduced-motion'),
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      }) as unknown as MediaQueryList,
  );
}

describe('HeroCarousel', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('exports the seed timing: a new slide every 3000 ms, 3000 ms fade', () => {
    expect(CAROUSEL_AUTOPLAY_MS).toBe(3000);
    expect(CAROUSEL_FADE_MS).toBe(3000);
  });

  it('shows the first slide, hides the others from assistive technology and focus', () => {
    stubReducedMotion(false);
    renderCarousel();
    const slides = Array.from(document.querySelectorAll('.hero-slide'));
    expect(slides).toHaveLength(3);
    expect(activeSlide()).toBe(1);
    expect(slides[0]?.getAttribute('aria-hidden')).toBeNull();
    expect(slides[1]?.getAttribute('aria-hidden')).toBe('true');
    expect(slides[1]?.hasAttribute('inert')).toBe(true);
    expect(screen.getAllByRole('link', { name: 'Join Now' })[0]?.getAttribute('href')).toBe(
      '/userRegister',
    );
    expect(screen.getByRole('button', { name: 'Show slide 1' }).getAttribute('aria-current')).toBe(
      'true',
    );
  });

  it('advances every 3000 ms and loops back to the first slide', () => {
    stubReducedMotion(false);
    renderCarousel();
    act(() => vi.advanceTimersByTime(CAROUSEL_AUTOPLAY_MS - 1));
    expect(activeSlide()).toBe(1);
    act(() => vi.advanceTimersByTime(1));
    expect(activeSlide()).toBe(2);
    act(() => vi.advanceTimersByTime(CAROUSEL_AUTOPLAY_MS));
    expect(activeSlide()).toBe(3);
    act(() => vi.advanceTimersByTime(CAROUSEL_AUTOPLAY_MS));
    expect(activeSlide()).toBe(1);
  });

  it('cross-fades the backdrops but shows one slide’s text and Join Now at a time', () => {
    stubReducedMotion(false);
    renderCarousel();
    const slides = Array.from(document.querySelectorAll('.hero-slide'));
    const backdrops = Array.from(document.querySelectorAll('.hero-backdrop'));
    expect(document.querySelector('.hero-backdrop--leaving')).toBeNull();

    act(() => vi.advanceTimersByTime(CAROUSEL_AUTOPLAY_MS));

    // The picture of slide 1 fades out above slide 2's (the origin's 3000 ms cross-fade) …
    expect(backdrops[0]?.className).toContain('hero-backdrop--leaving');
    expect(backdrops[1]?.className).toContain('hero-backdrop--active');
    // … while slide 1's text is hidden at once: issue 16 saw two headlines and two Join Now.
    expect(slides[1]?.className).toContain('hero-slide--active');
    expect(slides[0]?.className).toBe('hero-slide');
    expect(slides[0]?.getAttribute('aria-hidden')).toBe('true');
    expect(slides[0]?.hasAttribute('inert')).toBe(true);
    expect(screen.getAllByRole('link', { name: 'Join Now' })).toHaveLength(1);
    expect(screen.getAllByRole('heading')).toHaveLength(1);

    act(() => vi.advanceTimersByTime(CAROUSEL_AUTOPLAY_MS));
    expect(backdrops[0]?.className).not.toContain('hero-backdrop--leaving');
    expect(backdrops[1]?.className).toContain('hero-backdrop--leaving');
    expect(slides[2]?.className).toContain('hero-slide--active');
    expect(screen.getAllByRole('link', { name: 'Join Now' })).toHaveLength(1);
  });

  it('jumps to the slide whose bullet is clicked', () => {
    stubReducedMotion(false);
    renderCarousel();
    fireEvent.click(screen.getByRole('button', { name: 'Show slide 3' }));
    expect(activeSlide()).toBe(3);
    expect(screen.getByRole('button', { name: 'Show slide 3' }).getAttribute('aria-current')).toBe(
      'true',
    );
    expect(
      screen.getByRole('button', { name: 'Show slide 1' }).getAttribute('aria-current'),
    ).toBeNull();
  });

  it('does not autoplay for visitors who prefer reduced motion', () => {
    stubReducedMotion(true);
    renderCarousel();
    act(() => vi.advanceTimersByTime(CAROUSEL_AUTOPLAY_MS * 3));
    expect(activeSlide()).toBe(1);
    expect(screen.getByRole('button', { name: 'Play slideshow' })).toBeTruthy();
  });

  it('stops on Pause and resumes on Play', () => {
    stubReducedMotion(false);
    renderCarousel();
    fireEvent.click(screen.getByRole('button', { name: 'Pause slideshow' }));
    act(() => vi.advanceTimersByTime(CAROUSEL_AUTOPLAY_MS * 2));
    expect(activeSlide()).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: 'Play slideshow' }));
    act(() => vi.advanceTimersByTime(CAROUSEL_AUTOPLAY_MS));
    expect(activeSlide()).toBe(2);
  });

  it('waits while the pointer is over it', () => {
    stubReducedMotion(false);
    const { container } = renderCarousel();
    const section = container.querySelector('section');
    if (!section) throw new Error('no carousel');
    fireEvent.mouseEnter(section);
    act(() => vi.advanceTimersByTime(CAROUSEL_AUTOPLAY_MS * 2));
    expect(activeSlide()).toBe(1);
    fireEvent.mouseLeave(section);
    act(() => vi.advanceTimersByTime(CAROUSEL_AUTOPLAY_MS));
    expect(activeSlide()).toBe(2);
  });
});
