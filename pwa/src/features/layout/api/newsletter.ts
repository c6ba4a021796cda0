import { apiPost } from '../../../lib/api-client';

// A fetch function alone: the footer on every public page loads no query library, so there is no hook here.

/** POST /api/newsletter: subscribes the address to the newsletter. */
export const subscribeToNewsletter = (email: string) => apiPost<{ message: string }>('newsletter', { email });
