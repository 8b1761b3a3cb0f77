/** The result of an admin form in one polite live region: the seed's ✅/❌ line and any detail. */
export function FormResult({
  message,
  detail,
}: {
  message: string | null;
  detail?: string | null | undefined;
}) {
  const tone =
    message === null
      ? ''
      : message.includes('✅')
        ? ' result-line--success'
        : ' result-line--failure';
  return (
    <div role="status" aria-live="polite" className="admin-form-result">
      <p className={`result-line${tone}`}>{message}</p>
      {detail ? <p className="admin-form-detail">{detail}</p> : null}
    </div>
  );
}
