export function InformationSecurity() {
  return (
    <>
      <p className="lead">
        We treat the security of your account and your data as part of the service. This page sums
        up the measures in place and what you can do yourself.
      </p>

      <h2>Protecting your login</h2>
      <p>
        Passwords are stored only as argon2id hashes. Session tokens are random, stored only as
        hashes, expire on their own and are revoked when you log out; resetting your password logs
        out every session. Repeated failed logins are rate-limited and temporarily locked.
      </p>

      <h2>Protecting the connection and the pages</h2>
      <p>
        The site is designed to be served over HTTPS with a strict content security policy: it loads
        no third-party scripts or frames, so no outside code runs next to your account.
      </p>

      <h2>Protecting your documents and records</h2>
      <p>
        Uploaded documents are checked for type and size, stored outside the public website and
        shown only to you and to staff. Every request is checked against the account that makes it,
        so one client can never read another client’s data.
      </p>

      <h2>Staff access</h2>
      <p>
        Staff accounts have roles that limit what each person can do, use two-factor authentication,
        and every staff action is written to an append-only audit log.
      </p>

      <h2>What you can do</h2>
      <ul>
        <li>Use a unique password and keep it to yourself.</li>
        <li>Log out on shared or public computers.</li>
        <li>Be wary of e-mails or messages asking for your password: we will never ask for it.</li>
        <li>Tell our support desk at once if you notice activity you do not recognise.</li>
      </ul>
    </>
  );
}
