import { site, type SiteContent } from '../../content/site';

export function ConflictPolicy({ content = site }: { content?: SiteContent }) {
  return (
    <>
      <p className="lead">
        A conflict of interest arises when the interests of {content.companyName}, its staff or its
        partners could differ from yours. This policy explains how we identify such conflicts and
        how we deal with them.
      </p>

      <h2>Where conflicts can arise</h2>
      <ul>
        <li>
          When we are the counterparty to your trades, a loss on your side can be a gain on ours.
        </li>
        <li>When staff are rewarded according to the business they bring in.</li>
        <li>
          When partners introduce clients and receive a share of revenue or a fixed payment for
          them.
        </li>
        <li>When staff or their families trade on their own account.</li>
      </ul>

      <h2>How we manage them</h2>
      <p>
        Orders are executed according to our published execution rules, not according to who placed
        them. Staff remuneration must not depend on client losses. Staff who handle client requests
        cannot change prices, and every staff action on a client account is recorded in an audit log
        that can be reviewed. Partners must disclose their relationship with us and may not promise
        returns.
      </p>

      <h2>Disclosure</h2>
      <p>
        Where a conflict cannot be managed well enough to prevent a risk of damage to your
        interests, we will tell you about it before we act for you, so that you can decide whether
        to go ahead.
      </p>

      <h2>Questions</h2>
      <p>
        If you believe a conflict of interest has affected you, write to{' '}
        <a href={`mailto:${content.supportEmail}`}>{content.supportEmail}</a> and we will review it.
      </p>
    </>
  );
}
