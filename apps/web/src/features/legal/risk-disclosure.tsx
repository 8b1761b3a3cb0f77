import { riskWarningFigure } from '../../content/licence';
import { site, type SiteContent } from '../../content/site';
import { formatPercent } from '../company';
import './legal.css';

export function RiskDisclosure({ content = site }: { content?: SiteContent }) {
  const risk = riskWarningFigure(content);
  const percent = formatPercent(risk.percent);
  const professional = content.claims.professionalLeverage;
  return (
    <>
      <p className="lead risk-headline">
        <strong>
          CFDs are complex instruments and come with a high risk of losing money rapidly due to
          leverage.{' '}
          {risk.example
            ? `Example figure: ${percent} of retail investor accounts lose money when trading CFDs.`
            : `${percent} of retail investor accounts lose money when trading CFDs with this provider.`}
        </strong>{' '}
        {risk.example ? 'This demonstration has no real client accounts to measure. ' : null}
        You should consider whether you understand how CFDs work and whether you can afford to take
        the high risk of losing your money.
      </p>

      <h2>Contracts for difference</h2>
      <p>
        A contract for difference (CFD) lets you speculate on the price of a currency pair,
        commodity, metal or share index without owning it. Your result is the difference between the
        price when you open and the price when you close the position, multiplied by its size, less
        spreads, swaps and other charges. Prices can move quickly and against you, and past
        performance is no guide to future results.
      </p>

      <h2>Leverage</h2>
      <p>
        Trading on margin means you control a position much larger than the money you put down.{' '}
        {professional
          ? `Leverage of up to 1:${professional} is available to professional traders on some instruments.`
          : 'The leverage available depends on the instrument and on whether you are a retail or a professional client; the order ticket shows the leverage that applies to you.'}{' '}
        At 1:20, a price move of 5% changes the value of your position by an amount equal to your
        whole margin. Leverage magnifies losses exactly as it magnifies gains.
      </p>

      <h2>Margin calls and close-out</h2>
      <p>
        You must keep enough equity in your account to support your open positions. When your equity
        falls to the margin in use, you receive a margin warning; if it keeps falling, your
        positions may be closed automatically, at the next available price, without further notice.
        The levels that apply are set out in clause 12 of the client agreement.
      </p>

      <h2>Market conditions</h2>
      <p>
        Markets can gap over weekends, on news or in thin trading, so a stop-loss order is not
        guaranteed to close your position at the price you set. Orders may be delayed or rejected
        during fast markets, and some instruments trade only during limited hours.
      </p>

      <h2>Technical risk</h2>
      <p>
        Online trading depends on your device, your connection and our systems. Failures,
        interruptions or delays can prevent you from opening, changing or closing a position when
        you want to.
      </p>

      <h2>No guarantee of profit</h2>
      <p>
        No plan, product, webinar or piece of analysis on this site guarantees a profit or protects
        you from loss. Never trade with money you cannot afford to lose, and seek independent advice
        if you are unsure whether trading is right for you.
      </p>
    </>
  );
}
