import type { InvestorAccount, InvestorProfile, InvestorUserData } from '../../../contracts/answers';
import type { UserRow } from './accounts.repo';

export const referralLinkFor = (publicUrl: string, code: string) => `${publicUrl}/referral/${code}`;

export function presentUser(row: UserRow): InvestorAccount {
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    phoneNumber: row.phone_number,
    country: row.country,
    address: row.address,
    referralCode: row.referral_code,
    emailVerified: row.email_verified_at !== null,
    createdAt: row.created_at.toISOString(),
  };
}

export function presentProfile(row: UserRow): InvestorProfile {
  return {
    ...presentUser(row),
    bankName: row.bank_name,
    accountName: row.account_name,
    accountNumber: row.account_number,
    swiftCode: row.swift_code,
    bitcoinAddress: row.bitcoin_address,
    ethereumAddress: row.ethereum_address,
    usdtAddress: row.usdt_address,
    litecoinAddress: row.litecoin_address,
    dogecoinAddress: row.dogecoin_address,
  };
}

/** The signed-in investor as the header and the session check show them. */
export const presentUserData = (row: UserRow, referralsCount: number): InvestorUserData => ({
  firstName: row.first_name,
  lastName: row.last_name,
  email: row.email,
  referralCode: row.referral_code,
  referralsCount,
  emailVerified: row.email_verified_at !== null,
});
