import { Link } from 'react-router';
import type { Route } from './+types/home';
import { paths } from '../../config/paths';
import { site } from '../../content/site';
import { pageMeta } from '../../lib/page-meta';

export const meta: Route.MetaFunction = () =>
  pageMeta(
    'Trading accounts with a client portal',
    `Open a ${site.companyName} account, fund it and follow your balances in a personal client portal.`,
  );

export default function Home() {
  return (
    <>
      <section className="hero" aria-labelledby="hero-title">
        <div className="container hero-inner">
          <p className="hero-eyebrow">Forex, CFD and crypto trading accounts</p>
          <h1 id="hero-title">Your trading account, all in one place</h1>
          <p className="hero-copy">
            Register in a few minutes, then use your client portal to follow your deposits, bonuses
            and balance, and to reach our support team when you need a hand. Trading on margin is
            risky: you can lose more than you expect, so read the risk warning below before you
            start.
          </p>
          {site.demo ? (
            <p className="hero-note">
              This site is a demonstration of {site.companyName}. Accounts and balances here are for
              testing only.
            </p>
          ) : null}
          <Link to={paths.register} className="button button--accent button--large">
            Join Now
          </Link>
        </div>
      </section>
      <section className="container features" aria-labelledby="features-title">
        <h2 id="features-title">What your account gives you</h2>
        <ul className="feature-list">
          <li>
            <h3>One dashboard</h3>
            <p>Deposits, profit, bonuses, referral bonus and balance, each shown in US dollars.</p>
          </li>
          <li>
            <h3>Clear records</h3>
            <p>
              Every movement on your account is recorded, and your balance is worked out from those
              records.
            </p>
          </li>
          <li>
            <h3>People to talk to</h3>
            <p>
              Questions about your account? Write to{' '}
              <a href={`mailto:${site.supportEmail}`}>{site.supportEmail}</a>.
            </p>
          </li>
        </ul>
      </section>
    </>
  );
}
