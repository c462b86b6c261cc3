/**
 * An email address that may wrap after the @ on a narrow screen, instead of in the middle of
 * the domain. The text (and what a screen reader reads) stays the plain address.
 */
export function EmailAddress({ email }: { email: string }) {
  const at = email.indexOf("@");
  if (at < 0) return <>{email}</>;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}
