import { useConfig } from "../config/get-config";

export function HomePage() {
  const config = useConfig();
  return (
    <section className="hero">
      <h1>Welcome to {config.productName}</h1>
      <p className="lead">
        {config.productName} ({config.productSymbol}) is our class's own token on the {config.chainName} test network:
        make a profile, share your art, talk in the forum and tip each other's work.
      </p>
    </section>
  );
}
