import './spinner.css';

/** A polite loading indicator; the label is read out, the ring is decoration. */
export function Spinner({ label, size = 'md' }: { label: string; size?: 'sm' | 'md' | 'lg' }) {
  return (
    <span className={`spinner spinner--${size}`} role="status">
      <span className="spinner__ring" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </span>
  );
}
