// The trading engine's e-mails (docs/trading.md): the risk rules' margin call and stop-out
// (§11.12), each deal's confirmation for a client who wants them (decision 137), and the desk's
// correction of a deal (decision 136).
import { formatCents } from '@brokerdesk/shared';
import { compose, dollars, signedDollars } from './mail-compose.js';
import type { MailBrand } from './mail-compose.js';

export function makeTradingMailTemplates(brand: MailBrand, portal: (path: string) => string) {
  return {
    // The risk rules (§11.12): once per margin-call episode and once per stop-out sequence.
    marginCall: (p: {
      firstName: string;
      accountLabel: string;
      equityMinor: number;
      usedMarginMinor: number;
      marginLevel: string;
    }) =>
      compose(
        brand,
        'margin-call',
        `Margin call on your ${p.accountLabel} trading account`,
        p.firstName,
        [
          {
            paragraph: `The equity of your ${p.accountLabel} trading account (${dollars(p.equityMinor)}) has fallen to its used margin (${dollars(p.usedMarginMinor)}): its margin level is ${p.marginLevel}%.`,
          },
          {
            paragraph:
              'While the level stays at or below 100%, orders that need more margin are refused. If it falls to 20% or below, your positions are closed at market, the biggest loss first, until it is above 20% again (a stop-out).',
          },
          {
            paragraph:
              'You can close or reduce positions, or, on a live account, move money in from your wallet.',
          },
          { link: { label: 'Open the terminal', url: portal('trade') } },
        ],
      ),

    stopOut: (p: {
      firstName: string;
      accountLabel: string;
      closed: readonly { symbol: string; side: string; lots: string; pnlMinor: number }[];
      /** The balance after the closes, before any negative balance protection. */
      balanceMinor: number;
      protectedMinor: number;
    }) =>
      compose(
        brand,
        'stop-out',
        `Positions closed on your ${p.accountLabel} trading account (stop-out)`,
        p.firstName,
        [
          {
            paragraph: `The margin level of your ${p.accountLabel} trading account fell to 20% or below, so positions were closed at market, the biggest loss first:`,
          },
          ...p.closed.map((deal) => ({
            paragraph: `${deal.side === 'buy' ? 'Buy' : 'Sell'} ${deal.lots} ${deal.symbol}: ${signedDollars(deal.pnlMinor)}`,
          })),
          { paragraph: `Balance after the closes: ${signedDollars(p.balanceMinor)}.` },
          ...(p.protectedMinor > 0
            ? [
                {
                  paragraph: `Negative balance protection credited ${dollars(p.protectedMinor)}, so the balance is $0.00: you cannot lose more than you put in.`,
                },
              ]
            : []),
          { link: { label: 'See your trading history', url: portal('trade') } },
        ],
      ),

    /**
     * One deal, if the client turned confirmations on (decision 137): a fill ('in') or a close
     * ('out', with its realised P/L and why it closed). Figures arrive formatted by the caller.
     */
    tradeConfirmation: (p: {
      firstName: string;
      accountLabel: string;
      dealId: number;
      entry: 'in' | 'out';
      symbol: string;
      side: string;
      lots: string;
      price: string;
      time: string;
      pnlMinor: number;
      reason: string;
      /** "Simulated prices" (§11.1: never presented as market prices). */
      pricesLabel: string;
    }) => {
      const what = `${p.side} ${p.lots} ${p.symbol} at ${p.price}`;
      return compose(
        brand,
        'trade-confirmation',
        `${p.entry === 'in' ? 'Opened' : 'Closed'}: ${what} (${p.accountLabel}, deal ${p.dealId})`,
        p.firstName,
        [
          {
            paragraph:
              p.entry === 'in'
                ? `A position opened on your ${p.accountLabel} trading account:`
                : `A position on your ${p.accountLabel} trading account was closed (${p.reason}):`,
          },
          {
            facts: [
              ['Account', p.accountLabel],
              ['Deal', String(p.dealId)],
              ['Symbol', p.symbol],
              // A close's deal carries the side of the position it closes (bought, then sold).
              [p.entry === 'in' ? 'Side' : 'Position side', p.side],
              ['Volume', `${p.lots} lots`],
              ['Price', p.price],
              ['Time', p.time],
              ...(p.entry === 'out'
                ? [
                    ['Realised P/L', formatCents(p.pnlMinor)] as const,
                    ['Reason', p.reason] as const,
                  ]
                : []),
            ],
          },
          {
            paragraph: `${p.pricesLabel}. The platform is the counterparty of every trade.`,
          },
          { link: { label: 'See your trading history', url: portal('trade') } },
          {
            paragraph:
              'You get these e-mails because you turned on trade confirmations; you can turn them off on your account page.',
          },
          { link: { label: 'Open your account page', url: portal('account') } },
        ],
      );
    },

    /**
     * The dealing desk corrected a deal's price (decision 136): always sent, since money moved
     * on the client's account by a member of staff. Figures arrive formatted by the caller.
     */
    dealCorrection: (p: {
      firstName: string;
      accountLabel: string;
      dealId: number;
      what: string;
      oldPrice: string;
      newPrice: string;
      reason: string;
      pnl: readonly { dealId: number; oldMinor: number; newMinor: number }[];
      pricesLabel: string;
    }) =>
      compose(
        brand,
        'deal-correction',
        `Deal ${p.dealId} corrected on your ${p.accountLabel} trading account`,
        p.firstName,
        [
          {
            paragraph: `The dealing desk corrected the price of a deal on your ${p.accountLabel} trading account (${p.what}): it was filled at ${p.oldPrice} and is now at ${p.newPrice}.`,
          },
          { paragraph: `Reason: ${p.reason}` },
          ...(p.pnl.length === 0
            ? [{ paragraph: 'No realised profit or loss changed.' }]
            : [
                {
                  facts: p.pnl.map(
                    (row) =>
                      [
                        `Deal ${row.dealId} profit/loss`,
                        `${formatCents(row.oldMinor)} → ${formatCents(row.newMinor)}`,
                      ] as const,
                  ),
                },
              ]),
          {
            paragraph: `${p.pricesLabel}. Each profit or loss that changed was reversed and the corrected amount posted; your history and statement show both.`,
          },
          { link: { label: 'See your trading history', url: portal('trade') } },
        ],
      ),
  };
}
