/** The message a field's aria-describedby points at (its error under the field), or null. */
export function errorOf(element: HTMLElement): string | null {
  const id = element.getAttribute('aria-describedby');
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}
