import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/format';
import { useMessages, MESSAGES_PAGE_SIZE } from '../api/messages';
import { ExportLink } from '../components/export-link';
import { LoadState } from '../components/load-state';
import { Pagination, pageCount } from '../../../components/ui/pagination';

/** Messages: what visitors sent through the contact form, newest first; read-only. */
export function MessagesPage() {
  const { t } = useTranslation('admin');
  const format = useFormat();
  const [page, setPage] = useState(1);
  const messages = useMessages(page);
  const data = messages.data;

  return (
    <div className="admin-page">
      <h1 className="admin-page__title">{t('messages.title')}</h1>
      <LoadState query={messages} />
      {data && (
        <>
          <div className="admin-toolbar">
            <p className="admin-total">{t('messages.total', { total: format.number(data.total) })}</p>
            <ExportLink table="messages" />
          </div>
          {data.messages.length === 0 ? (
            <p className="admin-state">{t('messages.empty')}</p>
          ) : (
            <ol className="admin-messages">
              {data.messages.map((message) => (
                <li key={message.id} className="admin-message-card">
                  <article aria-labelledby={`message-${message.id}`}>
                    <header className="admin-message-card__header">
                      <h2 id={`message-${message.id}`} className="admin-message-card__title" dir="auto">
                        {message.subject
                          ? t(`messages.subjects.${message.subject}`, { defaultValue: message.subject })
                          : t('messages.noSubject')}
                      </h2>
                      <time dateTime={message.createdAt}>{format.dateTime(message.createdAt)}</time>
                    </header>
                    <dl className="admin-message-card__meta">
                      <div>
                        <dt>{t('messages.from')}</dt>
                        <dd dir="auto">{message.fullName || t('messages.noName')}</dd>
                      </div>
                      <div>
                        <dt>{t('messages.email')}</dt>
                        <dd dir="auto">
                          {message.email ? (
                            <a href={`mailto:${message.email}`}>{message.email}</a>
                          ) : (
                            t('messages.noEmail')
                          )}
                        </dd>
                      </div>
                      {message.budget && (
                        <div>
                          <dt>{t('messages.budget')}</dt>
                          <dd dir="auto">{message.budget}</dd>
                        </div>
                      )}
                    </dl>
                    <p className="admin-message-card__body" dir="auto">
                      {message.message}
                    </p>
                  </article>
                </li>
              ))}
            </ol>
          )}
          <Pagination
            page={data.page}
            totalPages={pageCount(data.total, MESSAGES_PAGE_SIZE)}
            onPage={setPage}
            label={t('pagination.label')}
            pageLabel={(item) => t('pagination.page', { page: item })}
          />
        </>
      )}
    </div>
  );
}
