/**
 * A sentence that says back what the visitor typed ("No … matches "abc"."): the typed part is isolated in a
 * `<bdi>`, so right-to-left characters or controls in it (U+202E RIGHT-TO-LEFT OVERRIDE) reorder that part
 * only. Before, a search for "\u202Eabc" echoed the rest of the sentence reversed after it.
 */
export function WithEcho({ text, echo }: { text: string; echo: string }) {
  const at = echo ? text.indexOf(echo) : -1;
  if (at < 0) return <>{text}</>;
  return (
    <>
      {text.slice(0, at)}
      <bdi>{echo}</bdi>
      {text.slice(at + echo.length)}
    </>
  );
}
