export function PlaceholderPage({ title }: { title: string }) {
  return (
    <section>
      <h1>{title}</h1>
      <p className="muted">This part of ClassCoin is being built.</p>
    </section>
  );
}
