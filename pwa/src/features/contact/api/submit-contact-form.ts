import { apiPost } from '../../../lib/api-client';

export const CONTACT_SUBJECTS = ['Consultation', 'Investment', 'Business'] as const;

export type ContactFormInput = {
  fullName: string;
  email: string;
  budget: string;
  subject: (typeof CONTACT_SUBJECTS)[number] | '';
  message: string;
};

export const submitContactForm = (input: ContactFormInput) => apiPost<{ message: string }>('submit-form', input);
