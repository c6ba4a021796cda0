import { z } from 'zod';
import { emailRule } from './accounts';

// Shared by the API and the footer's newsletter form: no server-only imports here.
export const newsletterSchema = z.object({
  email: emailRule,
});
export type NewsletterInput = z.input<typeof newsletterSchema>;
