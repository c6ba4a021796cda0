import { z } from 'zod';
import { pageNumber, pageSize, safeString } from './input-rules';

// The contact form's shape, shared by the API and the PWA's form: no server-only imports here.

/** The contact form's subject options; '' is "no subject chosen". */
export const contactSubjects = ['Consultation', 'Investment', 'Business'] as const;
export type ContactSubject = (typeof contactSubjects)[number];

export const contactLimits = { fullName: 100, email: 254, budget: 100, message: 5_000 } as const;

const optionalText = (max: number) =>
  safeString()
    .trim()
    .max(max, `must be at most ${max} characters`)
    .nullish()
    .transform((value) => value ?? '');

export const contactFormSchema = z.object({
  fullName: optionalText(contactLimits.fullName),
  email: optionalText(contactLimits.email)
    .transform((value) => value.toLowerCase())
    .refine((value) => value === '' || z.email().safeParse(value).success, 'Email address is not valid'),
  budget: optionalText(contactLimits.budget),
  subject: z
    .enum(['', ...contactSubjects], { error: `Subject must be one of ${contactSubjects.join(', ')}` })
    .nullish()
    .transform((value) => value ?? ''),
  message: safeString({ error: 'Please enter a message' })
    .trim()
    .min(1, 'Please enter a message')
    .max(contactLimits.message, `must be at most ${contactLimits.message} characters`),
});
export type ContactFormInput = z.input<typeof contactFormSchema>;
export type ContactMessage = z.output<typeof contactFormSchema>;

export const contactMessagesQuerySchema = z.object({
  page: pageNumber,
  pageSize: pageSize(100, 20),
});
