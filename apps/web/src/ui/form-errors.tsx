/**
 * A form's list of errors, announced when it appears. `role="alert"` sits on a wrapper, not on the `<ul>`:
 * there it took the list's role away, and axe found its items outside any list (serious).
 */
export function FormErrors({ id, errors }: { id: string; errors: readonly string[] }) {
  if (errors.length === 0) return null;
  return (
    <div id={id} role="alert">
      <ul className="form-error">
        {errors.map((e) => (
          <li key={e}>{e}</li>
        ))}
      </ul>
    </div>
  );
}
