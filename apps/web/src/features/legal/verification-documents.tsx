import { Link } from 'react-router';
import { paths } from '../../config/paths';

/** The document rules of docs/origin.md §5, in our words. */
export const VERIFICATION_RULES = {
  identity: 'all 4 corners of the document and your full name must be visible',
  residence: 'dated within the last 3 months',
  card: 'the front and back of the card, with the middle digits masked and the last 4 digits visible',
  cardThreshold: 'a card deposit of $15,000 or more, or more than 10 deposits',
} as const;

export function VerificationDocuments() {
  return (
    <>
      <p className="lead">
        We need to know who you are before money leaves your account. You upload the documents below
        from the client portal, and a member of staff approves or rejects each one, giving a reason
        you can read.
      </p>

      <h2>What waits for your documents</h2>
      <ul>
        <li>
          <strong>Withdrawals</strong> are paid only once your proof of identity and your proof of
          residence are both approved.
        </li>
        <li>
          <strong>Deposits</strong> can be requested before then, up to a set total; your client
          portal shows the figure and how much of it is left. Once both documents are approved, that
          limit no longer applies.
        </li>
      </ul>

      <h2>1. Proof of identity</h2>
      <p>
        A clear colour photo or scan of a valid passport, national identity card or driving licence.{' '}
        {capitalise(VERIFICATION_RULES.identity)}; cropped or blurred images cannot be accepted.
      </p>

      <h2>2. Proof of residence</h2>
      <p>
        A utility bill, bank statement or official letter showing your name and home address,{' '}
        {VERIFICATION_RULES.residence}. Mobile phone bills and documents without a date are not
        accepted.
      </p>

      <h2>3. Card photos (card deposits only)</h2>
      <p>
        If you deposit by credit or debit card, upload a photo of {VERIFICATION_RULES.card}. On the
        back, you may also cover the security code (CVV); we never need it.
      </p>

      <h2>Larger or repeated card deposits</h2>
      <p>
        For {VERIFICATION_RULES.cardThreshold}, we must be able to verify the card or payment
        details used. A deposit whose card or payment details cannot be verified may be cancelled
        and returned to its source.
      </p>

      <h2>How to send your documents</h2>
      <ol>
        <li>
          Log in to the <Link to={paths.userDashboard}>client portal</Link>.
        </li>
        <li>Open the documents section and choose the document type.</li>
        <li>Upload a JPEG, PNG or PDF file and wait for the review.</li>
      </ol>
      <p>
        Documents are stored outside the public website and are visible only to you and to our
        staff. See our <Link to="/privacy">privacy policy</Link> for how long we keep them.
      </p>
    </>
  );
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
