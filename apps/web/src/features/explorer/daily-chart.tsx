/**
 * Daily volume (bars) and transaction count (line) over the last 30 days, as a small inline SVG: the page
 * needs one chart, not a chart library.
 */
import type { ExplorerDay } from "@classcoin/shared/explorer";
import { useWalletSetup } from "../../wallet/wallet-context";
import { useDaily } from "./api/get-daily";
import { formatCc } from "./format";

const DAYS = 30;
const WIDTH = 600;
const HEIGHT = 150;
const PAD = { top: 8, bottom: 2, left: 0, right: 0 };

export function DailyChart() {
  const { data, isLoading, isError } = useDaily(DAYS);
  return (
    <section className="card daily-chart" aria-labelledby="daily-title">
      <div className="daily-head">
        <h2 id="daily-title">Last {DAYS} days</h2>
        <span className="daily-legend" aria-hidden="true">
          <span className="legend-bar" /> Volume <span className="legend-line" /> Transactions
        </span>
      </div>
      {isLoading ? (
        <p className="muted">Loading the chart…</p>
      ) : isError || !data ? (
        <p className="muted">The chart could not be loaded.</p>
      ) : (
        <Chart days={data} />
      )}
    </section>
  );
}

function Chart({ days }: { days: ExplorerDay[] }) {
  const { config } = useWalletSetup();
  const maxVolume = Math.max(1, ...days.map((d) => d.volume));
  const maxCount = Math.max(1, ...days.map((d) => d.transactions));
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const step = (WIDTH - PAD.left - PAD.right) / days.length;
  const x = (i: number) => PAD.left + i * step;
  const line = days
    .map(
      (d, i) =>
        `${i === 0 ? "M" : "L"}${(x(i) + step / 2).toFixed(1)},${(PAD.top + plotH * (1 - d.transactions / maxCount)).toFixed(1)}`,
    )
    .join(" ");
  const totalCount = days.reduce((s, d) => s + d.transactions, 0);
  const totalVolume = days.reduce((s, d) => s + d.volume, 0);
  const summary = `${totalCount.toLocaleString("en-US")} transactions and ${formatCc(totalVolume, config.productSymbol)} in the last ${days.length} days; the busiest day had ${Math.max(0, ...days.map((d) => d.transactions))} transactions.`;
  const first = days[0]?.day ?? "";
  const last = days[days.length - 1]?.day ?? "";
  return (
    <figure className="chart-figure">
      <svg
        className="chart"
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        role="img"
        aria-label={summary}
        data-testid="daily-chart"
      >
        <line x1={0} x2={WIDTH} y1={PAD.top + plotH} y2={PAD.top + plotH} className="axis" />
        {days.map((d, i) => {
          const h = (d.volume / maxVolume) * plotH;
          return (
            <rect
              key={d.day}
              className="bar"
              x={x(i) + step * 0.15}
              y={PAD.top + plotH - h}
              width={step * 0.7}
              height={Math.max(h, d.volume > 0 ? 1 : 0)}
            >
              <title>{`${d.day}: ${d.transactions} transactions, ${formatCc(d.volume, config.productSymbol)}`}</title>
            </rect>
          );
        })}
        <path d={line} className="count-line" fill="none" />
      </svg>
      <figcaption className="chart-axis" aria-hidden="true">
        <span>{first}</span>
        <span>{last}</span>
      </figcaption>
    </figure>
  );
}
