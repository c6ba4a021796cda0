import { BadgeCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';

/** The way from the profile to the investor's identity level, limits and identity check. */
export function IdentityLink() {
  const { t } = useTranslation('kyc');
  return (
    <p className="profile-identity-link">
      <Link to={paths.kyc}>
        <BadgeCheck aria-hidden="true" size={18} strokeWidth={2} /> {t('profileLink')}
      </Link>
    </p>
  );
}
