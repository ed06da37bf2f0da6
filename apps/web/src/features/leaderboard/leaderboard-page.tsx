/**
 * /leaderboard (issue 18): the class totals; per project 1–4 the submissions ranked by CC received (the chosen
 * project kept in the URL as `?n=2`); the students ranked by CC held on chain and by CC tipped to others. The
 * connected student's own rows are marked.
 */
import { PROJECT_NUMBERS } from "@classcoin/shared/constants";
import { endpointUrl } from "@classcoin/shared/endpoint";
import { imageEndpoints } from "@classcoin/shared/endpoints/images";
import type { Leaderboard, LeaderboardStudent } from "@classcoin/shared/leaderboard";
import { useId } from "react";
import { useSearchParams } from "react-router";
import { Avatar } from "../../ui/avatar";
import { useWallet } from "../../wallet/use-wallet";
import { useWalletSetup } from "../../wallet/wallet-context";
import { useLeaderboard } from "./api/get-leaderboard";
import "./leaderboard.css";
import { projectNumberOf } from "./project-number";

const formatAmount = (amount: number, symbol: string) =>
  `${amount.toLocaleString("en-US", { maximumFractionDigits: 2 })} ${symbol}`;

export function LeaderboardPage() {
  const { data, isLoading, isError } = useLeaderboard();
  return (
    <section className="page leaderboard-page">
      <h1>Leaderboard</h1>
      <p className="muted">Who received, holds and gives the most ClassCoin. Balances are read from the chain.</p>
      {isLoading && <p className="muted">Loading the leaderboard...</p>}
      {isError && <p className="form-error">The leaderboard could not be loaded. Please reload the page.</p>}
      {data && <Board board={data} />}
    </section>
  );
}

function Board({ board }: { board: Leaderboard }) {
  const { config } = useWalletSetup();
  const symbol = config.productSymbol;
  const tiles = [
    { label: "Students", value: board.classTotal.students.toLocaleString("en-US") },
    { label: "CC held by the class", value: formatAmount(board.classTotal.held, symbol) },
    { label: "CC tipped to classmates", value: formatAmount(board.classTotal.tipped, symbol) },
    { label: "Submissions", value: board.classTotal.submissions.toLocaleString("en-US") },
  ];
  return (
    <>
      <dl className="leaderboard-totals" aria-label="Class total">
        {tiles.map((tile) => (
          <div key={tile.label} className="card leaderboard-total">
            <dt>{tile.label}</dt>
            <dd>{tile.value}</dd>
          </div>
        ))}
      </dl>
      <ProjectRanking board={board} symbol={symbol} />
      <div className="leaderboard-columns">
        <StudentRanking
          title="Most CC held"
          empty="No students yet."
          students={board.holders}
          symbol={symbol}
          testId="holders"
        />
        <StudentRanking
          title="Most CC tipped to classmates"
          empty="No one has tipped a classmate yet."
          students={board.tippers}
          symbol={symbol}
          testId="tippers"
        />
      </div>
    </>
  );
}

function ProjectRanking({ board, symbol }: { board: Leaderboard; symbol: string }) {
  const [params, setParams] = useSearchParams();
  const headingId = useId();
  const { wallet } = useWallet();
  const projectNumber = projectNumberOf(params.get("n"), board);
  const submissions = board.projects.find((p) => p.projectNumber === projectNumber)?.submissions ?? [];
  return (
    <section className="card leaderboard-section" aria-labelledby={headingId}>
      <h2 id={headingId}>Projects by CC received</h2>
      <nav className="leaderboard-projects" aria-label="Choose a project">
        {PROJECT_NUMBERS.map((n) => (
          <button
            key={n}
            type="button"
            className={n === projectNumber ? "button small" : "button secondary small"}
            aria-pressed={n === projectNumber}
            onClick={() => setParams({ n: String(n) }, { replace: true })}
          >
            Project {n}
          </button>
        ))}
      </nav>
      {submissions.length === 0 ? (
        <p className="muted">No submissions for Project {projectNumber} yet.</p>
      ) : (
        <ol className="ranking" data-testid="submissions">
          {submissions.map((s) => (
            <li key={s._id} className={s.authorWallet === wallet ? "ranking-row me" : "ranking-row"}>
              <span className={s.rank <= 3 ? "rank top" : "rank"}>
                <span className="visually-hidden">Rank </span>
                {s.rank}
              </span>
              <img
                className="ranking-thumb"
                src={endpointUrl(imageEndpoints.projectImage.path, { file: s.image })}
                alt=""
                loading="lazy"
                decoding="async"
              />
              <span className="ranking-who">
                <strong className="ranking-title">{s.title}</strong>
                <span className="muted small">
                  by {s.authorName}
                  {s.authorWallet === wallet ? " (you)" : ""}
                </span>
              </span>
              <span className="ranking-amount">{formatAmount(s.totalReceived, symbol)}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function StudentRanking({
  title,
  empty,
  students,
  symbol,
  testId,
}: {
  title: string;
  empty: string;
  students: LeaderboardStudent[];
  symbol: string;
  testId: string;
}) {
  const headingId = useId();
  const { wallet } = useWallet();
  return (
    <section className="card leaderboard-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {students.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <ol className="ranking" data-testid={testId}>
          {students.map((s) => (
            <li key={s.wallet} className={s.wallet === wallet ? "ranking-row me" : "ranking-row"}>
              <span className={s.rank <= 3 ? "rank top" : "rank"}>
                <span className="visually-hidden">Rank </span>
                {s.rank}
              </span>
              <Avatar photo={s.photo} wallet={s.wallet} name={s.name} size={32} />
              <span className="ranking-who">
                <strong>{s.name}</strong>
                {s.wallet === wallet && <span className="muted small"> (you)</span>}
              </span>
              <span className="ranking-amount">{formatAmount(s.amount, symbol)}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
