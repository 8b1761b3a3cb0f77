/** First focusable element of every page: jumps past the header to the page's content. */
export function SkipLink() {
  return (
    <a href="#main-content" className="skip-link">
      Skip to main content
    </a>
  );
}
