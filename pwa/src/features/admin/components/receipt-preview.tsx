import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { receiptFileUrl, receiptPreviewUrl } from '../api/receipts';
import { shortId } from '../utils/money';

/**
 * The receipt as the investor uploaded it: an image is shown in the page; a PDF (which an <img> cannot
 * show) is offered in the browser's own viewer. Either way it opens full size in a new tab, and can be
 * downloaded.
 */
export function ReceiptPreview({ id, user, size = 'small' }: { id: string; user: string; size?: 'small' | 'large' }) {
  const { t } = useTranslation('admin');
  const [notImage, setNotImage] = useState(false);
  const names = { id: shortId(id), user };
  return (
    <div className={`admin-preview admin-preview--${size}`}>
      <a href={receiptPreviewUrl(id)} target="_blank" rel="noopener" className="admin-preview__open">
        {notImage ? (
          <span className="admin-preview__pdf">{t('receipts.openPdf', names)}</span>
        ) : (
          <img
            src={receiptPreviewUrl(id)}
            alt={t('receipts.previewAlt', names)}
            loading="lazy"
            onError={() => setNotImage(true)}
          />
        )}
      </a>
      <a
        href={receiptFileUrl(id)}
        download
        className="admin-preview__download"
        aria-label={t('receipts.downloadFor', names)}
      >
        {t('receipts.download')}
      </a>
    </div>
  );
}
