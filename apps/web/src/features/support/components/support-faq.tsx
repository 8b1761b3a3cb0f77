import { PLANS } from '@brokerdesk/shared';
import type { PlanKind } from '@brokerdesk/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { configuredLicence } from '../../../content/licence';
import { site } from '../../../content/site';
import type { SiteContent } from '../../../content/site';
import './support.css';

function planNames(kind: PlanKind): string {
  return PLANS.filter((plan) => plan.kind === kind)
    .map((plan) => plan.name)
    .join(', ');
}

interface FaqEntry {
  question: string;
  answer: ReactNode;
}

/**
 * "Is it regulated?" answered only from the operator's licence configuration (docs/product.md §1.3):
 * without a regulator and licence number, the plain answer is no.
 */
export function RegulationAnswer({ content }: { content: SiteContent }) {
  const licence = configuredLicence(content);
  if (!licence) {
    return (
      <p>
        No. This is a demonstration platform, not a regulated broker: it holds no licence from any
        financial regulator, no real money is handled, and no investor compensation scheme applies.
      </p>
    );
  }
  return (
    <p>
      Yes. {content.companyName} is licensed by {licence.regulatorName} under licence number{' '}
      {licence.licenceNumber}.
      {licence.registerUrl ? (
        <>
          {' '}
          You can check it yourself on{' '}
          <a href={licence.registerUrl} rel="noopener noreferrer">
            the regulator&apos;s public register
          </a>
          .
        </>
      ) : null}
    </p>
  );
}

function faqEntries(content: SiteContent): FaqEntry[] {
  return [
    {
      question: `What is ${content.companyName}?`,
      answer: content.demo ? (
        <p>
          {content.companyName} simulates brokerage-style investing: it is not a live brokerage. You
          get subscription packages and a dashboard where you can request deposits and withdrawals,
          follow your plans and track your account.
        </p>
      ) : (
        <p>
          {content.companyName} is an online trading platform with subscription packages and a
          dashboard where you request deposits and withdrawals, follow your plans and track your
          account.
        </p>
      ),
    },
    {
      question: 'How do I open an account?',
      answer: (
        <p>
          <Link to={paths.register}>Register</Link> with your name, e-mail address, phone number,
          country and a password, then confirm your e-mail address from the link we send you. You
          can look around straight away; deposits and subscriptions need a verified e-mail, and
          withdrawals also need your proof of ID and proof of residence approved.
        </p>
      ),
    },
    {
      question: 'Which packages do you offer?',
      answer: (
        <p>
          Weekly packages ({planNames('weekly')}) run for one week; Monthly packages (
          {planNames('monthly')}) last a month and add extras such as{' '}
          {content.claims.planServices ? 'daily signals and ' : ''}a financial plan. Each card on
          the packages page lists its price, deposit bonus, referral bonus, duration and features.
          No package promises a return.
        </p>
      ),
    },
    {
      question: 'How do I deposit and withdraw?',
      answer: (
        <>
          <p>
            From your dashboard, open the deposit and withdrawal page, enter an amount and choose a
            payment method. A deposit is credited once our team confirms that the funds arrived.
          </p>
          <p>
            A withdrawal request reserves the amount from your available balance straight away; our
            team then approves it or tells you why it was rejected.
          </p>
        </>
      ),
    },
    {
      question: `Is ${content.companyName} regulated?`,
      answer: <RegulationAnswer content={content} />,
    },
  ];
}

/**
 * The support FAQ (docs/origin.md §2 /contact and the dashboard support page): five questions as native
 * <details> elements, so the accordion works without JavaScript.
 */
export function SupportFaq({
  content = site,
  headingLevel = 2,
}: {
  content?: SiteContent;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className="support-faq" aria-labelledby="support-faq-heading">
      <Heading id="support-faq-heading">Frequently asked questions</Heading>
      {faqEntries(content).map((entry) => (
        <details key={entry.question} className="support-faq-item">
          <summary>{entry.question}</summary>
          <div className="support-faq-answer">{entry.answer}</div>
        </details>
      ))}
    </section>
  );
}
