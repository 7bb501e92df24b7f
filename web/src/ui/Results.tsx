// The results screen (not specified by the source, GAP-30; docs/ui.md): the
// way the match ended, the ranking with every seat's name, religion and
// character and final counters, and the ways on: the replay viewer, the
// replay file, the main menu.

import { SeatBadge, useApp } from "./common";
import { useNames } from "./Play";

export function Results() {
  const { s, ctl } = useApp();
  const t = s.t;
  const m = s.match;
  const names = useNames();
  const r = m?.result;
  if (!m || !r) {
    return (
      <div class="screen results-screen" data-testid="screen-results">
        <button onClick={() => ctl.backToMenu()}>{t.t("results.menu")}</button>
      </div>
    );
  }
  const view = m.view;
  const won = r.winner >= 0 && r.winner === m.seat;
  const lost = m.seat >= 0 && r.winner !== m.seat && r.winner >= 0;
  return (
    <div class="screen results-screen" data-testid="screen-results" data-winner={r.winner} data-how={r.how}>
      <h1 class="screen-title">{t.t("results.title")}</h1>
      <div class={`results-head${won ? " won" : lost ? " lost" : ""}`} data-testid="results-head">
        {won ? t.t("results.you_won") : lost ? t.t("results.you_lost") : r.winner < 0 ? t.t("results.draw") : t.t("results.winner", { name: names.seat(r.winner) })}
        <div class="results-how" data-testid="results-how">{t.name("how", r.how)}</div>
      </div>
      <table class="ranking" data-testid="ranking">
        <tbody>
          {r.ranking.map((seat, i) => {
            const p = view?.players.find((x) => x.seat === seat);
            return (
              <tr key={seat} class={seat === m.seat ? "me" : ""} data-testid="rank-row" data-seat={seat}>
                <td>{t.t("results.rank", { n: i + 1 })}</td>
                <td>
                  <SeatBadge seat={seat} /> {names.seat(seat)}
                </td>
                {p && (
                  <>
                    <td>{t.name("religion", p.religion)}</td>
                    <td>{t.name("character", p.character)}</td>
                    <td>{t.t("play.reputation")} {p.reputation}%</td>
                    <td>{t.t("play.followers")} {p.followers}</td>
                    <td>{t.t("status.relics", { n: p.relics })}</td>
                  </>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
      <div class="row results-actions">
        <button onClick={() => void ctl.openReplay(m.match)} data-testid="open-replay">{t.t("results.replay")}</button>
        <a class="button" href={`/api/matches/${m.match}/replay`} download={`match-${m.match}.json`} data-testid="download-replay">
          {t.t("results.download")}
        </a>
        <button class="primary" onClick={() => ctl.backToMenu()} data-testid="results-menu">{t.t("results.menu")}</button>
      </div>
    </div>
  );
}
