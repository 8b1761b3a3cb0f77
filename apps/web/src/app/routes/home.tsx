import { PLANS, SAMPLE_MARKET_QUOTES } from '@brokerdesk/shared';
import type { MarketQuote, MarketTab } from '@brokerdesk/shared';
import { useMemo } from 'react';
import type { Route } from './+types/home';
import { site } from '../../content/site';
import {
  FourSteps,
  HeroCarousel,
  homeSlides,
  PlatformDownloads,
  WhyChooseUs,
} from '../../features/home';
import { MarketsWidget, PriceChart, PriceTicker, useMarkets } from '../../features/markets';
import { PlanCards } from '../../features/plans';
import { pageMeta } from '../../lib/page-meta';

export const meta: Route.MetaFunction = () =>
  pageMeta(
    'Trading accounts with a client portal',
    `Open a ${site.companyName} account, fund it and follow your balances in a personal client portal.`,
  );

const CHART_SYMBOL = 'BTC/USD';
const SLIDES = homeSlides(site);

/**
 * The home page. Everything static is pre-rendered, including the markets widget with the
 * bundled sample quotes; /api/markets is fetched after hydration for the ticker, the chart and
 * the widget. No zod, react-query or chart library in this route's initial bundle.
 */
export default function Home() {
  const markets = useMarkets();

  const widgetQuotes = useMemo((): Record<MarketTab, readonly MarketQuote[]> => {
    if (!markets) return SAMPLE_MARKET_QUOTES;
    const fromApi = { ...SAMPLE_MARKET_QUOTES };
    for (const entry of markets.tabs) fromApi[entry.tab] = entry.quotes;
    return fromApi;
  }, [markets]);
  const sample = markets ? markets.source !== 'live' : true;
  const label =
    markets?.source === 'simulated' || markets?.source === 'replay'
      ? 'Simulated prices'
      : 'Sample data';

  return (
    <>
      <HeroCarousel slides={SLIDES} />
      {site.demo ? (
        <div className="hero-demo-note">
          <div className="container">
            <p>
              This site is a demonstration of {site.companyName}. Accounts and balances here are for
              testing only.
            </p>
          </div>
        </div>
      ) : null}
      <PriceTicker
        quotes={markets ? (markets.tabs.find((t) => t.tab === 'popular')?.quotes ?? []) : null}
        sample={sample}
        label={label}
      />
      <WhyChooseUs site={site} />
      <PlanCards plans={PLANS} />
      <PriceChart
        symbol={markets?.series.symbol ?? CHART_SYMBOL}
        points={markets ? markets.series.points : null}
        sample={sample}
        label={label}
      />
      <MarketsWidget quotes={widgetQuotes} sample={sample} label={label} />
      <FourSteps />
      <PlatformDownloads downloads={site.downloads} />
    </>
  );
}
