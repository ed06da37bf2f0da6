/** The leaderboard as archived: the class totals, per project the submissions by CC received, the students' rankings. */
import { endpointUrl } from "@classcoin/shared/endpoint";
import { imageEndpoints } from "@classcoin/shared/endpoints/images";
import type { Leaderboard, LeaderboardStudent } from "@classcoin/shared/leaderboard";
import { Avatar } from "../../ui/avatar";
import { useWalletSetup } from "../../wallet/wallet-context";
import { formatCc } from "./format";

export function ArchiveLeaderboard({ board }: { board: Leaderboard }) {
  const { config } = useWalletSetup();
  const symbol = config.productSymbol;
  const tiles = [
    { label: "Students", value: board.classTotal.students.toLocaleString("en-US") },
    { label: "CC held by the class", value: formatCc(board.classTotal.held, symbol) },
    { label: "CC tipped to classmates", value: formatCc(board.classTotal.tipped, symbol) },
    { label: "Submissions", value: board.classTotal.submissions.toLocaleString("en-US") },
  ];
  return (
    <>
      <dl className="archive-totals" aria-label="Class total">
        {tiles.map((tile) => (
          <div key={tile.label} className="card archive-total">
            <dt>{tile.label}</dt>
            <dd>{tile.value}</dd>
          </div>
        ))}
      </dl>
      <div className="archive-columns">
        {board.projects.map((project) => (
          <section
            key={project.projectNumber}
            className="card archive-ranking-card"
            aria-labelledby={`archive-rank-p${project.projectNumber}`}
          >
            <h3 id={`archive-rank-p${project.projectNumber}`}>Project {project.projectNumber} by CC received</h3>
            {project.submissions.length === 0 ? (
              <p className="muted">No submissions.</p>
            ) : (
              <ol className="archive-ranking">
                {project.submissions.map((s) => (
                  <li key={s._id} className="archive-ranking-row">
                    <Rank rank={s.rank} />
                    <img
                      className="archive-ranking-thumb"
                      src={endpointUrl(imageEndpoints.projectImage.path, { file: s.image })}
                      alt=""
                      loading="lazy"
                      decoding="async"
                    />
                    <span className="archive-ranking-who">
                      <strong>{s.title}</strong>
                      <span className="muted small">by {s.authorName}</span>
                    </span>
                    <span className="archive-ranking-amount">{formatCc(s.totalReceived, symbol)}</span>
                  </li>
                ))}
              </ol>
            )}
          </section>
        ))}
        <StudentRanking title="Most CC held" students={board.holders} symbol={symbol} />
        <StudentRanking title="Most CC tipped to classmates" students={board.tippers} symbol={symbol} />
      </div>
    </>
  );
}

function StudentRanking({
  title,
  students,
  symbol,
}: {
  title: string;
  students: LeaderboardStudent[];
  symbol: string;
}) {
  return (
    <section className="card archive-ranking-card" aria-label={title}>
      <h3>{title}</h3>
      {students.length === 0 ? (
        <p className="muted">No students.</p>
      ) : (
        <ol className="archive-ranking">
          {students.map((s) => (
            <li key={s.wallet} className="archive-ranking-row">
              <Rank rank={s.rank} />
              <Avatar photo={s.photo} wallet={s.wallet} name={s.name} size={32} />
              <span className="archive-ranking-who">
                <strong>{s.name}</strong>
              </span>
              <span className="archive-ranking-amount">{formatCc(s.amount, symbol)}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function Rank({ rank }: { rank: number }) {
  return (
    <span className={rank <= 3 ? "archive-rank top" : "archive-rank"}>
      <span className="visually-hidden">Rank </span>
      {rank}
    </span>
  );
}
