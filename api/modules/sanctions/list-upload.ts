import { maxSanctionsFileBytes } from '../../contracts/sanctions';
import { multipartInMemory, singleValuedFields, uploadedFile } from '../../lib/uploads';

/** Parses POST /api/admin/sanctions-lists' form: one `file` of at most 20 MB and the `chain` field, in memory. */
export const listMultipart = multipartInMemory({
  maxFileBytes: maxSanctionsFileBytes,
  maxFiles: 1,
  maxFields: 5,
  tooLarge: 'The list file must be at most 20 MB',
  tooLargeStatus: 422,
  unreadable: 'The upload could not be read: send the list as a file, one address a line',
});

/** The form's fields (first value of each) and the `file` part's bytes, if any. */
export function listUploadOf(request: { body?: unknown; files?: Record<string, unknown> }) {
  return { fields: singleValuedFields(request.body), bytes: uploadedFile(request.files, 'file')?.bytes };
}
