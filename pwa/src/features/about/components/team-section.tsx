import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card';
import type { OperatorConfig } from '../../../lib/operator-config/operator-config';

export const TEAM_ROLES = ['manager', 'finance', 'analyst'] as const;

/** Management team: names come from operator config; the avatars are our own illustrations (no real people). */
export function TeamSection({ team }: { team?: OperatorConfig['team'] }) {
  const { t } = useTranslation('about');
  return (
    <section className="container about-section" aria-labelledby="about-team-title">
      <h2 id="about-team-title">{t('team.title')}</h2>
      <p className="about-section__lead">{t('team.lead')}</p>
      <ul className="about-team" role="list">
        {TEAM_ROLES.map((role) => (
          <Card as="li" key={role} className="about-team__member">
            <img
              className="about-team__avatar"
              src={`/team/${role}.svg`}
              alt={t('team.avatarAlt', { role: t(`team.roles.${role}`) })}
              width={160}
              height={160}
              loading="lazy"
            />
            <h3 className="about-team__name" dir="auto">
              {team?.[role] ?? '…'}
            </h3>
            <p className="about-team__role">{t(`team.roles.${role}`)}</p>
          </Card>
        ))}
      </ul>
      <p className="about-team__note">{t('team.note')}</p>
    </section>
  );
}
