/** Small decorative line icons of our own for the home page sections. */
const paths = {
  mining: 'M4 20h16M6 20V10l6-5 6 5v10M10 20v-5h4v5',
  transparency: 'M12 5c-5 0-9 7-9 7s4 7 9 7 9-7 9-7-4-7-9-7zm0 4a3 3 0 1 1 0 6 3 3 0 0 1 0-6z',
  support: 'M4 13v-1a8 8 0 0 1 16 0v1M4 13h3v6H4zM17 13h3v6h-3z',
  management: 'M4 19V9M10 19V5M16 19v-7M22 19H2',
  strategy: 'M4 18l6-6 4 4 6-8M14 8h6v6',
  insurance: 'M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6z',
  dashboard: 'M3 3h8v8H3zM13 3h8v5h-8zM13 10h8v11h-8zM3 13h8v8H3z',
  referral: 'M8 12a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM2 20c0-3 3-5 6-5s6 2 6 5M17 8v6M14 11h6',
  offline: 'M2 9a15 15 0 0 1 20 0M5 13a10 10 0 0 1 14 0M8.5 16.5a5 5 0 0 1 7 0M12 20h.01',
  languages: 'M3 5h12M9 3v2M5 5c1 4 4 7 8 9M13 5c-1 4-4 7-8 9M13 21l4-9 4 9M14.5 18h5',
} as const;

export type PillarIconName = keyof typeof paths;

export function PillarIcon({ name }: { name: PillarIconName }) {
  return (
    <svg className="pillar-icon" viewBox="0 0 24 24" width="40" height="40" aria-hidden="true">
      <path
        d={paths[name]}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
