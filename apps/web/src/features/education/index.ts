// The education pages' content: /advices, /ebook, /webinars.
export { AdvicesContent } from './advices-content';
export { EbookContent } from './ebook-content';
export { WebinarsContent } from './webinars-content';
