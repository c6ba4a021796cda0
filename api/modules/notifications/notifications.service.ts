import type { AppDeps } from '../../app-deps';
import type { PreferenceChoice } from '../../contracts/notifications';
import { badRequest } from '../../lib/domain-errors';
import { findUserById, setUserLanguage } from '../identity/identity.api';
import { notificationsRepo } from './notifications.repo';
import { preferencesRepo } from './preferences.repo';
import { readUnsubscribeToken } from './unsubscribe-token';

/** A person's notifications (the bell) and their choice of channels, including the one-click unsubscribe of a mail. */
export function createNotificationService({ db, clock, config }: Pick<AppDeps, 'db' | 'clock' | 'config'>) {
  return {
    /**
     * One page of the bell, with the unread and total counts. The bell asks on every page of the app: the language it
     * asks in becomes the one later mail is written in.
     */
    async inboxPage(userId: string, page: number, pageSize: number, language: string) {
      await setUserLanguage(db, userId, language);
      return notificationsRepo.page(db, userId, page, pageSize);
    },

    /** Marks the person's own notifications read; the number marked now. */
    markRead: (userId: string, ids: string[] | 'all') => notificationsRepo.markRead(db, userId, ids, clock.now()),

    preferencesOf: (userId: string) => preferencesRepo.of(db, userId),

    /** Sets one category's channels; answers every category's as they now are. */
    async choosePreference(userId: string, choice: PreferenceChoice) {
      await preferencesRepo.set(db, userId, choice, clock.now());
      return preferencesRepo.of(db, userId);
    },

    /** Stops the e-mail of the category a signed unsubscribe link names, for the person it names. */
    async unsubscribe(token: string) {
      const named = readUnsubscribeToken(config.jwtSecret, token);
      if (!named) throw badRequest('This unsubscribe link is not valid');
      if (!(await findUserById(db, named.userId))) throw badRequest('This unsubscribe link is not valid');
      await preferencesRepo.set(db, named.userId, { category: named.category, email: false }, clock.now());
    },
  };
}
