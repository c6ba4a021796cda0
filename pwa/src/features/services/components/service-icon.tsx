// Simple line icons drawn for this page; decoration only (the card title names the service).

export const SERVICE_IDS = [
  'assetManagement',
  'smartStrategy',
  'assetInsurance',
  'businessConsultation',
  'investment',
  'taxOrderMaking',
] as const;
export type ServiceId = (typeof SERVICE_IDS)[number];

const paths: Record<ServiceId, string> = {
  assetManagement: 'M4 20V10M10 20V4M16 20v-7M22 20H2',
  smartStrategy: 'M12 3a6 6 0 0 0-3.5 10.9V17h7v-3.1A6 6 0 0 0 12 3zM9.5 21h5',
  assetInsurance: 'M12 2l8 3v6c0 5-3.4 9.4-8 11-4.6-1.6-8-6-8-11V5zM8.5 12l2.5 2.5 4.5-5',
  businessConsultation: 'M3 5h12v8H8l-4 3v-3H3zM17 9h4v8h-1v3l-3-3h-5v-2',
  investment: 'M3 17l6-6 4 4 8-8M15 7h6v6',
  taxOrderMaking: 'M6 2h9l4 4v16H6zM15 2v4h4M9 11h7M9 15h7M9 19h4',
};

export function ServiceIcon({ id }: { id: ServiceId }) {
  return (
    <svg className="service-icon" viewBox="0 0 24 24" width="32" height="32" aria-hidden="true" focusable="false">
      <path
        d={paths[id]}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
