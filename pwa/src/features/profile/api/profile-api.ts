import { apiPost, apiPut } from '../../../lib/api-client';
import type { InvestorProfile } from '../../../lib/investor-queries';

export const profileFields = ['firstName', 'lastName', 'email', 'phoneNumber', 'country', 'address'] as const;
export const withdrawerFields = ['bankName', 'accountName', 'accountNumber', 'swiftCode', 'bitcoinAddress', 'ethereumAddress', 'usdtAddress'] as const;
export type ProfileField = (typeof profileFields)[number] | (typeof withdrawerFields)[number];

/** PUT /api/update-profile with the fields of one tab only; the answer is the whole saved profile. */
export const updateProfile = (fields: Partial<Record<ProfileField | 'currentPassword', string>>) =>
  apiPut<{ message: string; user: InvestorProfile }>('update-profile', fields);

export type PasswordChange = { email: string; oldPassword: string; newPassword: string; confirmPassword: string };
export const updatePassword = (input: PasswordChange) => apiPost<{ message: string }>('update-password', input);
