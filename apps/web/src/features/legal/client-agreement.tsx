import { site, type SiteContent } from '../../content/site';
import { agreementClauses } from './agreement-clauses';
import './legal.css';

/** The full client agreement: a table of contents and the 23 anchored clauses. */
export function ClientAgreement({ content = site }: { content?: SiteContent }) {
  const clauses = agreementClauses(content);
  return (
    <>
      <p className="lead">
        This is the agreement between you and {content.companyName} that governs your account. It is
        written in plain language; please read it in full before you trade.
      </p>
      <nav aria-labelledby="agreement-contents" className="agreement-toc">
        <h2 id="agreement-contents">Contents</h2>
        <ol>
          {clauses.map((clause) => (
            <li key={clause.number}>
              <a href={`#clause-${clause.number}`}>{clause.title}</a>
            </li>
          ))}
        </ol>
      </nav>
      {clauses.map((clause) => (
        <section key={clause.number} id={`clause-${clause.number}`} className="agreement-clause">
          <h2>
            {clause.number}. {clause.title}
          </h2>
          {clause.body}
        </section>
      ))}
    </>
  );
}
