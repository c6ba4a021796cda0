import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useFormat } from '../../../lib/format';
import { verifyAgainstPublished, type LiabilityProof } from '../liability-proof';
import {
  downloadJson,
  liabilitySnapshotsQuery,
  type LiabilitySnapshot,
} from '../../../lib/queries/liability-snapshots';
import { fetchMyLiabilityProof } from '../api/my-liability-proof';

type Outcome =
  | { kind: 'verified' | 'failed'; proof: LiabilityProof; snapshot: LiabilitySnapshot }
  | { kind: 'none' | 'notIncluded' | 'error' };

/**
 * "Verify my balance": fetches the latest published snapshot and the investor's proof, recomputes the root from each
 * of the investor's leaves in the browser (WebCrypto), compares it with the published one and adds the leaves up; the
 * proof can be downloaded for the standalone verifier.
 */
export function VerifyBalance() {
  const { t } = useTranslation('liabilities');
  const format = useFormat();
  const queryClient = useQueryClient();
  const [checking, setChecking] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>();
  const usd = (value: number) => format.currency(value, 'USD', { maximumFractionDigits: 2, minimumFractionDigits: 2 });

  const verify = async () => {
    setChecking(true);
    try {
      const { snapshots } = await queryClient.fetchQuery({ ...liabilitySnapshotsQuery(), staleTime: 0 });
      const snapshot = snapshots[0];
      if (!snapshot) return setOutcome({ kind: 'none' });
      const proof = await fetchMyLiabilityProof(snapshot.id);
      const check = await verifyAgainstPublished(proof, snapshot);
      setOutcome({ kind: check.ok ? 'verified' : 'failed', proof, snapshot });
    } catch (error) {
      setOutcome({ kind: error instanceof ApiError && error.status === 404 ? 'notIncluded' : 'error' });
    } finally {
      setChecking(false);
    }
  };

  return (
    <section className="card verify-balance" aria-labelledby="verify-balance-title">
      <h2 id="verify-balance-title">{t('verify.title')}</h2>
      <p>{t('verify.intro')}</p>
      <div className="verify-balance__actions">
        <Button onClick={() => void verify()} busy={checking}>
          {t('verify.button')}
        </Button>
        <Link to={paths.proofOfLiabilities}>{t('verify.learnMore')}</Link>
      </div>
      <div aria-live="polite">
        {outcome?.kind === 'verified' && (
          <p className="verify-balance__verified" role="status">
            {t('verify.ok', {
              amount: usd(outcome.proof.balanceCents / 100),
              total: usd(outcome.snapshot.total),
              date: format.dateTime(outcome.snapshot.takenAt),
            })}
          </p>
        )}
        {outcome?.kind === 'failed' && (
          <p className="verify-balance__failed" role="alert">
            {t('verify.failed')}
          </p>
        )}
        {(outcome?.kind === 'none' || outcome?.kind === 'notIncluded') && (
          <p className="notice">{t(`verify.${outcome.kind}`)}</p>
        )}
        {outcome?.kind === 'error' && <p role="alert">{t('verify.error')}</p>}
      </div>
      {(outcome?.kind === 'verified' || outcome?.kind === 'failed') && (
        <div className="verify-balance__proof">
          <Button
            variant="secondary"
            onClick={() => downloadJson(`liability-proof-${outcome.proof.snapshotId}.json`, outcome.proof)}
          >
            {t('verify.download')}
          </Button>
          <p>{t('verify.standalone')}</p>
          <pre dir="ltr">
            <code>{`node verify-liability-proof.mjs liability-proof-${outcome.proof.snapshotId}.json --root ${outcome.snapshot.root}`}</code>
          </pre>
        </div>
      )}
    </section>
  );
}
