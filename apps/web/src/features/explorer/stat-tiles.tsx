/** The four stat tiles: total transactions, total volume, and both for the last 24 hours. */
import { useWalletSetup } from "../../wallet/wallet-context";
import { useExplorerStats } from "./api/get-stats";
import { formatCc } from "./format";

export function StatTiles() {
  const { config } = useWalletSetup();
  const { data, isError } = useExplorerStats();
  const value = (n: number | undefined, money = false) =>
    n === undefined ? (isError ? "—" : "…") : money ? formatCc(n, config.productSymbol) : n.toLocaleString("en-US");
  const tiles = [
    { label: "Total transactions", value: value(data?.totalTransactions) },
    { label: "Total volume", value: value(data?.totalVolume, true) },
    { label: "24h transactions", value: value(data?.last24h.transactions) },
    { label: "24h volume", value: value(data?.last24h.volume, true) },
  ];
  return (
    <dl className="stat-tiles">
      {tiles.map((tile) => (
        <div key={tile.label} className="card stat-tile">
          <dt>{tile.label}</dt>
          <dd>{tile.value}</dd>
        </div>
      ))}
    </dl>
  );
}
