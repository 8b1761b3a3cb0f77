import { site, type SiteContent } from '../../content/site';

export function PrivacyNotice({ content = site }: { content?: SiteContent }) {
  const email = content.supportEmail;
  return (
    <>
      <p className="lead">
        This notice explains what personal data {content.companyName} stores when you use this
        website and the client portal, why we store it, how long we keep it and what you can ask us
        to do with it.
      </p>

      <h2>Who is responsible</h2>
      <p>
        {content.companyName} operates this website and is responsible for the personal data
        described here. You can reach us about privacy at <a href={`mailto:${email}`}>{email}</a>.
      </p>

      <h2>What we store</h2>
      <ul>
        <li>
          <strong>Registration details:</strong> first name, last name, e-mail address, phone number
          and country, and the referral code you arrived with, if any.
        </li>
        <li>
          <strong>Your password,</strong> only as a one-way hash (argon2id). We cannot read it and
          will never ask you for it.
        </li>
        <li>
          <strong>Sessions:</strong> when you log in, a random token is stored in your browser; we
          keep only a hash of it, with its expiry time, so that you stay logged in and can log out
          everywhere.
        </li>
        <li>
          <strong>Account records:</strong> deposit and withdrawal requests, plan subscriptions and
          the ledger entries behind your balance.
        </li>
        <li>
          <strong>Support tickets:</strong> the subject and message of what you send us through the
          contact form or the portal, the e-mail address you give, and our replies.
        </li>
        <li>
          <strong>Uploaded documents:</strong> proof of identity, proof of residence and card
          photos, with the decision taken on each.
        </li>
        <li>
          <strong>Security logs:</strong> failed login attempts and the IP addresses they came from,
          used to block password guessing.
        </li>
      </ul>
      <p>
        We do not load third-party advertising or tracking scripts, and we do not sell your data.
      </p>

      <h2>Why we store it</h2>
      <ul>
        <li>To open and run your account and carry out your requests (our contract with you).</li>
        <li>
          To verify your identity and check deposits and withdrawals, as described on the
          verification page (legal obligations and our legitimate interest in preventing fraud).
        </li>
        <li>To answer your questions and keep a record of what was said.</li>
        <li>To protect accounts and the platform from abuse.</li>
      </ul>

      <h2>How long we keep it</h2>
      <p>
        We keep your account data for as long as your account is open and afterwards for as long as
        record-keeping and anti-money-laundering rules require, then delete or anonymise it. Login
        sessions expire on their own and are removed when you log out. Security logs are kept for a
        short period only. Support tickets are kept with your account.
      </p>

      <h2>Who can see it</h2>
      <p>
        Only you and authorised staff of {content.companyName}, each action of whom is recorded in
        an audit log. Uploaded documents are stored outside the public website and are served only
        to their owner and to staff. We share data with service providers (such as our e-mail
        provider) only as far as they need it to provide their service, or with authorities where
        the law requires it.
      </p>

      <h2>Your rights</h2>
      <p>
        You can ask us for a copy of your personal data, to correct it, to delete it where we are
        not required to keep it, to restrict or object to its use, or to receive it in a portable
        format. Write to <a href={`mailto:${email}`}>{email}</a>; we answer within one month. If you
        are not satisfied with our answer, you may complain to the data protection authority in your
        country.
      </p>

      <h2>Changes to this notice</h2>
      <p>
        If we change how we use your data, we will update this page and, for significant changes,
        tell registered clients by e-mail.
      </p>
    </>
  );
}
