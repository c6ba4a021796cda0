import type { ContactMessage } from '../../contracts/answers';
import type { ContactMessageRow } from './contact.repo';

export const presentContactMessage = (row: ContactMessageRow): ContactMessage => ({
  id: row.id,
  fullName: row.full_name,
  email: row.email,
  budget: row.budget,
  subject: row.subject,
  message: row.message,
  createdAt: new Date(row.created_at).toISOString(),
});
