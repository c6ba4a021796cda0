import { apiPost } from '../../../lib/api-client';

export const profileFields = ['firstName', 'lastName', 'email', 'phoneNumber', 'country', 'address'] as const;
export const withdrawerFields = [
  'bankName',
  'accountName',
  'accountNumber',
  'swiftCode',
  'bitcoinAddress',
  'ethereumAddress',
  'usdtAddress',
  'litecoinAddress',
  'dogecoinAddress',
] as const;
export type ProfileField = (typeof profileFields)[number] | (typeof withdrawerFields)[number];

export type PasswordChange = { email: string; oldPassword: string; newPassword: string; confirmPassword: string };
export const updatePassword = (input: PasswordChange) => apiPost<{ message: string }>('update-password', input);
