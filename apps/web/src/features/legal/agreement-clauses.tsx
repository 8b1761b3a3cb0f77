import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { site, type SiteContent } from '../../content/site';
import { configuredLicence } from '../../content/licence';
import { formatWholeAmount, LicenceStatement } from '../company';

/** One clause of the client agreement shown on /terms, anchored `#clause-N`. */
export interface AgreementClause {
  number: number;
  title: string;
  body: ReactNode;
}

/** The account currencies of the agreement (docs/origin.md §9). */
export const ACCOUNT_CURRENCIES = ['USD', 'EUR', 'GBP', 'CAD', 'JPY'] as const;

/**
 * The client agreement (docs/origin.md §2 /terms, §9 "Agreement terms"), as 23 numbered clauses. Every
 * figure comes from the seed; company name, governing law, minimum deposit and the regulation
 * clause come from the operator content (docs/product.md §1.3).
 */
export function agreementClauses(content: SiteContent = site): AgreementClause[] {
  const company = content.companyName;
  const licence = configuredLicence(content);
  const minimum = formatWholeAmount(content.minimumDepositCents);
  return [
    {
      number: 1,
      title: 'Interpretation',
      body: (
        <>
          <p>
            In this agreement, “we”, “us” and “our” mean {company}; “you” and “your” mean the client
            who opens an account. “Account” means a trading account you hold with us; “Business Day”
            means a day other than a Saturday, a Sunday or a public holiday on which banks are open
            for general business; “Electronic Services” means the website, client portal and trading
            platforms through which you deal with us; “Margin” means the money you must hold in your
            account to open and keep positions; and “Equity” means your balance plus or minus the
            running result of your open positions.
          </p>
          <p>
            Headings are for convenience only and do not affect the meaning of a clause. Words in
            the singular include the plural and the other way round, and a reference to a rule or
            law includes it as amended from time to time.
          </p>
        </>
      ),
    },
    {
      number: 2,
      title: 'Introduction',
      body: (
        <p>
          This agreement, together with the risk disclosure, the privacy policy and the fee and
          instrument information published on our website, sets out the terms on which we provide
          our services to you. Please read it carefully: by opening an account you confirm that you
          have read, understood and accepted it. If anything in it is unclear, contact our support
          desk before you trade.
        </p>
      ),
    },
    {
      number: 3,
      title: 'General',
      body: (
        <p>
          We deal with you as principal, which means we are the counterparty to the contracts you
          enter into with us. You will deal with us on your own behalf and not as an agent for
          anyone else, unless we have agreed otherwise in writing. The contracts offered are
          contracts for difference on currencies, commodities, metals and share indexes: they are
          settled in cash and give you no right to the underlying asset. We may refuse to open an
          account or to accept an order without giving a reason.
        </p>
      ),
    },
    {
      number: 4,
      title: 'Regulation',
      body: (
        <>
          <LicenceStatement content={content} withCompensation />
          {licence ? (
            <p>
              Our services are provided in line with the rules of {licence.regulatorName}. Where an
              investor compensation arrangement applies to your account, claims against the
              compensation fund are capped at 20,000 euro in aggregate per client, whatever the
              number of accounts held; the details above are stated by us and can be checked with
              the regulator.
            </p>
          ) : (
            <p>
              Because this installation is not a regulated broker, no financial regulator supervises
              the services described in this agreement and no investor compensation arrangement
              applies to them. The clauses that follow describe how the platform works; they do not
              create any regulatory protection.
            </p>
          )}
        </>
      ),
    },
    {
      number: 5,
      title: 'Costs and charges',
      body: (
        <p>
          Our charges are mainly the spread, the difference between the buy and sell price, which is
          charged when a position is opened, and swaps, which are credited or debited for positions
          held overnight. Some withdrawal methods carry a fee. The spreads, swaps and fees in force
          are published on the instrument pages and the withdrawal information page of our website,
          and you accept them each time you place an order. We will tell you of any new charge
          before it applies to you.
        </p>
      ),
    },
    {
      number: 6,
      title: 'Right to cancel',
      body: (
        <p>
          You may cancel this agreement without penalty and without giving a reason within 14 days
          of the day your account is opened, by writing to us. Cancelling ends the agreement for the
          future, but it does not undo trades already carried out at your request: any positions
          open at that time will be closed at the market price, and you bear any gain or loss on
          them. We will return the balance of your account to you once the cancellation is
          processed.
        </p>
      ),
    },
    {
      number: 7,
      title: 'Non-advised',
      body: (
        <p>
          We provide an execution-only service. We do not give investment, legal or tax advice and
          we do not assess whether a particular trade is suitable for you. Market commentary,
          webinars, e-books and other education material are general information, not a personal
          recommendation, and you must not rely on them as advice. Every decision to open or close a
          position is yours alone.
        </p>
      ),
    },
    {
      number: 8,
      title: 'Customer accounts and initial deposits',
      body: (
        <>
          <p>
            You must be 18 or older to open an account. The minimum initial account opening is USD{' '}
            {minimum} or its equivalent in EUR or GBP. The base currency of every account is USD,
            and an account can be held in USD, EUR, GBP, CAD or JPY; amounts in another currency are
            converted at our prevailing rate.
          </p>
          <p>
            A joint account may be opened in the names of two or more people. Each joint holder is
            jointly and severally liable for all obligations on the account, and either holder may
            give us instructions, which we may act on without asking the other. A withdrawal from a
            joint account requires a written withdrawal form signed by all the holders whose
            signature is required.
          </p>
          <p>
            To protect you and us against fraud, a card deposit of $15,000 or more, or more than 10
            separate deposits, must be supported by verifiable card or payment details. A deposit
            that cannot be verified in this way may be cancelled and returned to its source.
          </p>
        </>
      ),
    },
    {
      number: 9,
      title: 'Trading policies',
      body: (
        <p>
          Orders may be executed immediately at the current price or when a condition you set, such
          as a price level, is reached. The order types available are good-till-cancelled (GTC),
          limit, market, one-cancels-the-other (OCO), stop loss and trailing stop. Prices we quote
          already include our spread. We may reject an order that exceeds the size we accept, and in
          fast or thin markets your order may be filled at a worse price than the one requested. We
          may correct or cancel a trade made at a price that was clearly wrong.
        </p>
      ),
    },
    {
      number: 10,
      title: 'Electronic trading terms',
      body: (
        <p>
          Our Electronic Services are available from 21:00 GMT on Sunday to 21:00 GMT on Friday. The
          markets close for the weekend from Friday 22:00 to Sunday 23:30 CET, and orders cannot be
          executed during that period. You are responsible for keeping your login details secret and
          for every instruction given with them. We may suspend or withdraw an Electronic Service by
          giving you 24 hours notice, or without notice in an emergency or where the law requires
          it.
        </p>
      ),
    },
    {
      number: 11,
      title: 'Client money',
      body: (
        <>
          <p>
            No interest is paid on the balances held in your account. To withdraw money, give us 24
            hours written notice through the client portal. If an account has no activity for 6
            years and we cannot reach you, we may treat its balance as unclaimed; we will first
            write to your last known address and give you 28 days to claim it.
          </p>
          <p>
            When your account is closed, the remaining funds are transferred to you, in most cases
            within 48 hours, to the payment method or account from which they came wherever
            possible.
          </p>
        </>
      ),
    },
    {
      number: 12,
      title: 'Margining',
      body: (
        <>
          <p>
            You must keep enough margin in your account to cover your open positions. When your
            Equity falls to the level of the margin in use, you receive a margin warning. If your
            Equity falls to 20% of the margin in use, we may close some or all of your positions at
            the next available price, without further notice.
          </p>
          <p>
            For example, with leverage of 100:1, a standard lot of 100,000 units of a currency
            requires margin of 1,000 units; a 1% move in the price then changes the value of the
            position by the whole of that margin.
          </p>
          <p>
            If market movements take your account below zero, we will either reset the balance to
            zero or open a fresh account for you with a zero balance, so that you never owe us more
            than the money you deposited. This protection is a term of this agreement.
          </p>
        </>
      ),
    },
    {
      number: 13,
      title: 'Representations and warranties',
      body: (
        <p>
          Each time you open an account or place an order, you confirm that the information you have
          given us is true and complete, that you are 18 or older and legally able to enter into
          this agreement, that the money you deposit belongs to you and does not come from crime,
          and that you are not a resident of a country where our services would be unlawful. You
          will tell us promptly if any of this changes.
        </p>
      ),
    },
    {
      number: 14,
      title: 'Events of default',
      body: (
        <p>
          Each of the following is an event of default: you fail to pay any amount due and the
          failure continues for one Business Day after we have notified you; you become insolvent or
          bankrupt, or an insolvency petition is presented against you and is not dismissed within 5
          days; you die or lose legal capacity; any statement you have made to us proves to be
          materially untrue; or we reasonably believe that you have broken this agreement or the law
          in connection with your account.
        </p>
      ),
    },
    {
      number: 15,
      title: 'Netting',
      body: (
        <p>
          If on any date the same amount in the same currency is payable by each of us to the other,
          those obligations are set off against each other automatically. Where the amounts differ,
          only the party owing the larger amount pays the difference. Amounts in different
          currencies are converted into the base currency of your account for this purpose.
        </p>
      ),
    },
    {
      number: 16,
      title: 'Data processing',
      body: (
        <p>
          We process your personal data to run your account, to meet our legal obligations and to
          protect the platform from fraud, as described in our{' '}
          <Link to="/privacy">privacy policy</Link>. We may record communications with you and keep
          those records as evidence of your instructions. You may ask to see the personal data we
          hold about you and to have it corrected.
        </p>
      ),
    },
    {
      number: 17,
      title: 'Rights on default',
      body: (
        <p>
          If an event of default occurs, we may close any or all of your open positions, cancel open
          orders, set off any amount you owe us against money in your accounts, and suspend your
          access until the matter is resolved. Any amount you owe us and do not pay on time carries
          interest from the due date until payment at the overnight interbank rate plus 1% a year.
        </p>
      ),
    },
    {
      number: 18,
      title: 'Termination without default',
      body: (
        <p>
          Either of us may end this agreement at any time by giving the other ten days’ written
          notice. Ending the agreement does not affect orders already given or rights and
          obligations already arisen; open positions will be closed, and the balance of your
          account, less anything you owe us, will be paid to you.
        </p>
      ),
    },
    {
      number: 19,
      title: 'Exclusions and indemnity',
      body: (
        <p>
          We are not liable for losses caused by market movements, by events beyond our reasonable
          control such as failures of exchanges, networks or power supplies, or by your own breach
          of this agreement, except where the loss results from our negligence, wilful default or
          fraud. You will indemnify us against any loss, cost or claim we incur because you broke
          this agreement or the law. Nothing in this agreement limits liability that cannot be
          limited by law.
        </p>
      ),
    },
    {
      number: 20,
      title: 'Miscellaneous',
      body: (
        <>
          <p>
            Trade confirmations are deemed correct unless you object to them within 5 business days
            of receiving them. Account statements are available online at any time; on request, we
            will also send them to you by e-mail monthly or quarterly.
          </p>
          <p>
            We may amend this agreement. We will give you at least ten business days’ notice of any
            material amendment before it takes effect, unless the change is required by law sooner.
            If any clause is found to be unenforceable, the rest of the agreement remains in force.
          </p>
        </>
      ),
    },
    {
      number: 21,
      title: 'Governing law',
      body: (
        <p>
          This agreement between you and {company} is governed by the law of {content.governingLaw}.
          The courts of {content.governingLaw} have jurisdiction over any dispute arising from it,
          although nothing prevents you from bringing a claim in the courts of the country where you
          live where the law allows it.
        </p>
      ),
    },
    {
      number: 22,
      title: 'Interest-policy confirmation',
      body: (
        <p>
          You confirm that you understand and accept that no interest is paid on the money held in
          your account, whatever its currency or balance, and that this policy applies for the whole
          time your account is open. Swaps credited or debited on positions held overnight are a
          trading charge under clause 5, not interest on your balance.
        </p>
      ),
    },
    {
      number: 23,
      title: 'Expert advisors permitted',
      body: (
        <p>
          You may use expert advisors (automated trading programs) on your account. You remain
          responsible for every order an expert advisor places in your name, for its settings and
          for monitoring it. We may restrict an expert advisor that disrupts our systems or exploits
          clearly wrong prices, and we accept no liability for its performance.
        </p>
      ),
    },
  ];
}
