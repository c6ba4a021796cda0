import type { TermsDocument } from '../../../../api/contracts/terms';
import './terms.css';

/** The operator's terms and risk disclosure as the API sends them: a placeholder notice, then each section. */
export function TermsDocumentView({ document }: { document: TermsDocument }) {
  return (
    <div className="terms-document">
      <p className="terms-document__notice" role="note">
        {document.notice}
      </p>
      {document.sections.map((section) => (
        <section key={section.heading} className="terms-document__section">
          <h3>{section.heading}</h3>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </section>
      ))}
    </div>
  );
}
