import countries from 'i18n-iso-countries';
import { z } from 'zod';
import { pageNumber, pageSize, safeString } from './input-rules';

// Identity checks (issue 37, level 1): what an investor submits, what the admin decides, what both read.

export const kycDocumentTypes = ['passport', 'national_id', 'driving_licence'] as const;
export type KycDocumentType = (typeof kycDocumentTypes)[number];

export const kycSubmissionStatuses = ['pending', 'approved', 'rejected'] as const;
export type KycSubmissionStatus = (typeof kycSubmissionStatuses)[number];

/** The three images of a submission, as the multipart parts are named. */
export const kycImageFields = ['documentFront', 'documentBack', 'selfie'] as const;
export type KycImageField = (typeof kycImageFields)[number];

/** Photos only: a phone's camera gives JPEG, a screenshot PNG. Read from the bytes. */
export const kycImageTypes = ['image/jpeg', 'image/png'] as const;
/** Each image at most 8 MB (a phone's full-size photo), 20 MB for the three. */
export const maxKycImageBytes = 8 * 1024 * 1024;
export const maxKycUploadBytes = 20 * 1024 * 1024;

/** The investor must be an adult on the day they submit. */
export const kycMinimumAge = 18;

const isoDate = /^(\d{4})-(\d{2})-(\d{2})$/;
/** A real calendar day written YYYY-MM-DD. */
const calendarDate = safeString()
  .trim()
  .regex(isoDate, 'Use the form YYYY-MM-DD')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value && value >= '1900-01-01';
  }, 'Not a valid date');

/** POST /api/kyc's form fields (the images are parts of their own). */
export const kycSubmissionFields = z.object({
  legalName: safeString().trim().min(2, 'Enter your full legal name').max(200),
  dateOfBirth: calendarDate,
  country: safeString()
    .trim()
    .toUpperCase()
    .refine((code) => /^[A-Z]{2}$/.test(code) && countries.isValid(code), 'Choose a country (ISO 3166 alpha-2)'),
  documentType: z.enum(kycDocumentTypes, { error: 'Choose passport, national ID or driving licence' }),
  documentNumber: safeString()
    .trim()
    .min(3, 'Enter the document number')
    .max(50)
    .regex(/^[\p{L}\p{N} -]+$/u, 'Letters, digits, spaces and dashes only'),
});
export type KycSubmissionInput = z.infer<typeof kycSubmissionFields>;

/** Whether someone born on `dateOfBirth` (YYYY-MM-DD) is at least `kycMinimumAge` on `today` (UTC). */
export function isAdultOn(dateOfBirth: string, today: Date) {
  const [year = 0, month = 1, day = 1] = dateOfBirth.split('-').map(Number);
  const birthday = Date.UTC(year + kycMinimumAge, month - 1, day);
  return birthday <= today.getTime();
}

/** GET /api/admin/kyc: `?status=pending&page=&pageSize=`, oldest first so the queue is worked in order. */
export const kycListQuerySchema = z.object({
  status: z.enum(kycSubmissionStatuses, { error: 'status must be pending, approved or rejected' }).optional(),
  page: pageNumber,
  pageSize: pageSize(100, 25),
});
export type KycListQuery = z.infer<typeof kycListQuerySchema>;

/** POST /api/admin/kyc/:id/reject: the reason the investor reads. */
export const kycRejectSchema = z.object({
  reason: safeString().trim().min(3, 'Give the investor a reason (3 to 500 characters)').max(500),
});

export interface KycSubmissionSummary {
  status: KycSubmissionStatus;
  /** Why it was rejected; null otherwise. */
  reason: string | null;
  submittedAt: string;
  decidedAt: string | null;
}

export interface KycLimitUse {
  /** US dollars per rolling 30 days, as every amount the API sends. */
  limit: number;
  used: number;
}

/** GET /api/kyc: the level, each limit per rolling 30 days with what is used, and the latest submission. */
export interface KycStatusAnswer {
  level: 0 | 1;
  limits: { deposit: KycLimitUse; withdrawal: KycLimitUse };
  emailVerified: boolean;
  submission: KycSubmissionSummary | null;
}

/** GET /api/admin/users/:id/kyc: the investor's level and latest submission, for their page on the desk. */
export interface AdminUserKyc {
  level: 0 | 1;
  submission: (KycSubmissionSummary & { id: string }) | null;
}

/** One submission on the admin's review queue and its detail. */
export interface AdminKycSubmission {
  id: string;
  userId: string;
  userEmail: string | null;
  status: KycSubmissionStatus;
  legalName: string | null;
  dateOfBirth: string | null;
  country: string | null;
  documentType: KycDocumentType | null;
  documentNumber: string | null;
  reason: string | null;
  submittedAt: string;
  decidedAt: string | null;
  decidedBy: string | null;
  /** The images still stored (removed after a later rejection, or on erasure). */
  documents: KycImageField[];
  documentsRemovedAt: string | null;
}

export interface AdminKycPage {
  submissions: AdminKycSubmission[];
  total: number;
  page: number;
  pageSize: number;
}
