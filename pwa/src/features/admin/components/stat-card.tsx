import { Link } from 'react-router-dom';

type StatCardProps = {
  label: string;
  value: string;
  note?: string;
  /** Draws the eye to figures that wait for an admin. */
  highlight?: boolean;
  link?: { to: string; text: string };
};

/** One figure of the dashboard, inside the page's <dl>. */
export function StatCard({ label, value, note, highlight, link }: StatCardProps) {
  return (
    <div className={`admin-stat${highlight ? ' admin-stat--highlight' : ''}`}>
      <dt className="admin-stat__label">{label}</dt>
      <dd className="admin-stat__value">{value}</dd>
      {note && <dd className="admin-stat__note">{note}</dd>}
      {link && (
        <dd className="admin-stat__link">
          <Link to={link.to}>{link.text}</Link>
        </dd>
      )}
    </div>
  );
}
