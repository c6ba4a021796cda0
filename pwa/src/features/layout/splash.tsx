import './splash.css';

/**
 * Start-up splash, shown only while the app loads its first texts. A CSS animation shrinks it to a
 * small "still loading" line after 2 s (the spec's constant), so it never holds the screen longer.
 */
export function Splash({ label = 'Loading…', lateLabel = 'Still loading…' }: { label?: string; lateLabel?: string }) {
  return (
    <div className="splash" role="status">
      <div className="splash__full">
        <img src="/icons/logo.svg" alt="" width="72" height="72" className="splash__logo" />
        <span className="visually-hidden">{label}</span>
      </div>
      <p className="splash__late">{lateLabel}</p>
    </div>
  );
}
