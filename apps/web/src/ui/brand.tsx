/** The ClassCoin mark and name, linking home: the platform's header and the wallet page's. */
import { Link } from "react-router";
import "./brand.css";

export function Brand() {
  return (
    <Link to="/" className="brand">
      <span className="brand-mark" aria-hidden="true">
        CC
      </span>
      ClassCoin
    </Link>
  );
}
