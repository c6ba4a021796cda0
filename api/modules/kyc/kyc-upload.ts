import {
  kycImageFields,
  kycImageTypes,
  kycSubmissionFields,
  maxKycImageBytes,
  maxKycUploadBytes,
  type KycSubmissionInput,
} from '../../contracts/kyc';
import { badRequest } from '../../lib/domain-errors';
import { checkFileType, multipartInMemory, singleValuedFields, uploadedFile } from '../../lib/uploads';
import { parseOrThrow } from '../../lib/validate';
import type { KycImages } from './kyc.service';

/** The receipts' pipeline with three parts: in memory only, 8 MB an image, 20 MB in all. */
export const kycMultipart = multipartInMemory({
  maxFileBytes: maxKycImageBytes,
  maxTotalBytes: maxKycUploadBytes,
  maxFiles: kycImageFields.length,
  tooLarge: 'Each image must be at most 8 MB',
});

const imageNames = { documentFront: 'the front', documentBack: 'the back', selfie: 'the selfie' } as const;

export interface KycUpload {
  fields: KycSubmissionInput;
  images: KycImages;
}

/** The form and its three images, each a JPEG or PNG by its bytes; refused with a 4xx otherwise. */
export async function readKycUpload(ctx: {
  request: { body?: unknown; files?: Record<string, unknown> };
}): Promise<KycUpload> {
  const fields = parseOrThrow(kycSubmissionFields, singleValuedFields(ctx.request.body), 'Check the form');
  const missing = kycImageFields.filter((field) => !uploadedFile(ctx.request.files, field));
  if (missing.length > 0)
    throw badRequest(
      'Add the three images: the document front, its back and a selfie',
      Object.fromEntries(missing.map((field) => [field, 'Add this image'])),
    );
  const images = {} as KycImages;
  for (const field of kycImageFields)
    images[field] = await checkFileType(
      uploadedFile(ctx.request.files, field)!.bytes,
      kycImageTypes,
      `${imageNames[field][0]!.toUpperCase()}${imageNames[field].slice(1)} must be a JPEG or PNG photo`,
    );
  return { fields, images };
}

/** What makes two submissions the same request: the parsed fields and each image's SHA-256. */
export const kycUploadParts = ({ fields, images }: KycUpload) => ({
  ...fields,
  ...Object.fromEntries(kycImageFields.map((field) => [`${field}Sha256`, images[field].sha256])),
});
