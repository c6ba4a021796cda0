/** Keys of the personal Dexie table (the signed-in investor's last answers, cleared on sign-out). */
export const PROFILE_COPY = 'profile';
export const USERDATA_COPY = 'userdata';
export const DASHBOARD_COPY = 'dashboard';

/** Keys of the plans in the shared publicData table (kept after sign-out: the catalogue is public). */
export const PLANS_COPY = 'plans-list';
export const planCopyKey = (id: string | number) => `plan:${id}`;
