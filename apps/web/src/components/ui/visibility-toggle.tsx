export interface VisibilityToggleProps {
  visible: boolean;
  onToggle: () => void;
  /** "password" or "passwords": the button reads "Show password" / "Hide passwords". */
  noun: string;
  /** ids of the inputs it controls */
  controls: string;
  className?: string;
}

/**
 * Show/hide for password inputs. The accessible name is the visible text, so it never
 * collides with the inputs' labels when a test or a screen reader looks fields up by label.
 */
export function VisibilityToggle({
  visible,
  onToggle,
  noun,
  controls,
  className,
}: VisibilityToggleProps) {
  return (
    <button
      type="button"
      className={['button', 'button--ghost', 'visibility-toggle', className]
        .filter(Boolean)
        .join(' ')}
      aria-pressed={visible}
      aria-controls={controls}
      onClick={onToggle}
    >
      {visible ? `Hide ${noun}` : `Show ${noun}`}
    </button>
  );
}
