import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { site, type SiteContent } from '../../content/site';

export function WebinarsContent({ content = site }: { content?: SiteContent }) {
  return (
    <>
      <h2>FOREX WEBINARS</h2>
      <p className="lead">
        {/* Who presents is the operator's claim (docs/decisions/105-claims-from-configuration.md). */}
        {content.claims.webinarSessions
          ? `Learn how the currency market works in ${content.claims.webinarSessions}.`
          : 'Learn how the currency market works in our webinars.'}{' '}
        Webinars are free for registered clients.
      </p>
      <p>
        Each webinar is a live presentation followed by questions from participants. Beginners start
        with how quotes, spreads, lots and leverage work and how to read a price chart; experienced
        traders can join sessions on technical and fundamental analysis, trading plans and risk
        management. Everything is explained with real market examples, and you can ask the presenter
        about anything that is unclear.
      </p>

      <h2>What the sessions cover</h2>
      <ul>
        <li>The basics: currency pairs, pips, lots, margin and leverage.</li>
        <li>Order types: market, limit, stop loss, trailing stop, GTC and OCO orders.</li>
        <li>Reading the economic calendar and trading around news releases.</li>
        <li>Managing risk: position size, stop levels and when not to trade.</li>
      </ul>

      <h2>How to take part</h2>
      <p>
        <Link to={paths.register}>Register an account</Link>, then pick a session in the{' '}
        <Link to="/calendar">calendar of webinars</Link> and set a reminder. Webinars are for
        education only: they are not investment advice and do not guarantee any result.
      </p>
    </>
  );
}
