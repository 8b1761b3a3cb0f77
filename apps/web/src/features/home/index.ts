// The home page's sections.
export { FourSteps } from './components/four-steps';
export { HeroCarousel } from './components/hero-carousel';
export { homeSlides } from './components/home-slides';
export { PlatformDownloads } from './components/platform-downloads';
export { WhyChooseUs } from './components/why-choose-us';
