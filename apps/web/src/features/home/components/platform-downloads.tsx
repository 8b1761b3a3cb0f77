import type { PlatformDownloads as Downloads } from '../../../content/site';

const PLATFORMS: { key: keyof Downloads; label: string }[] = [
  { key: 'desktop', label: 'Desktop' },
  { key: 'android', label: 'Android' },
  { key: 'ios', label: 'iOS' },
];

/** A download link only where the operator configured one: no dead links. */
export function PlatformDownloads({ downloads }: { downloads: Downloads }) {
  return (
    <section className="downloads" aria-labelledby="downloads-title">
      <div className="container">
        <h2 id="downloads-title">Trading platforms</h2>
        <ul className="card-grid">
          {PLATFORMS.map(({ key, label }) => {
            const href = downloads[key];
            return (
              <li key={key} className="info-card">
                <h3>{label}</h3>
                {href ? (
                  <a className="button button--primary" href={href}>
                    Download for {label}
                  </a>
                ) : (
                  <p className="muted">Not available in this demonstration</p>
                )}
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
