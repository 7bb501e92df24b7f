// The pending decision: its prompt, the deadline countdown, and every legal
// answer as a button (grouped: moves, interaction, bribes, cards, payment,
// seats, the rest), numbered for the keyboard. Map answers are also clicks
// on the board and card answers are also on the hand slots; this panel
// always lists them all, so any decision kind, known or new, is playable.
// The event log below shows what this seat was told, with the arithmetic of
// every roll.

import { useEffect, useRef, useState } from "preact/hooks";
import type { DecisionModel, AnswerInput } from "../game/decision";
import { answerLabel, eventLine, type Names } from "../game/text";
import type { LoggedEvent } from "../game/match";
import { useApp } from "./common";

const GROUP_ORDER = ["map", "interaction", "bribe", "card", "pay", "seat", "other"];

export function DecisionPanel(props: {
  model: DecisionModel | null;
  secondsLeft: number | null;
  waitingFor: string;
  names: Names;
  busy: boolean;
  onAnswer: (a: string) => void;
  choice: AnswerInput[] | null;
  onCancelChoice: () => void;
}) {
  const { s } = useApp();
  const t = s.t;
  const m = props.model;
  if (!m) {
    return (
      <div class="decision-panel waiting" data-testid="decision-panel" data-state="waiting">
        <div class="decision-title">{props.waitingFor}</div>
      </div>
    );
  }
  const promptKey = `decision.${m.kind}`;
  const prompt = t.has(promptKey) ? t.t(promptKey) : t.t("decision.other", { kind: m.kind });
  const list = props.choice ?? m.inputs;
  const groups = GROUP_ORDER.map((g) => ({ g, items: list.filter((i) => i.group === g) })).filter((x) => x.items.length > 0);
  const urgent = props.secondsLeft !== null && props.secondsLeft <= 10;
  return (
    <div class="decision-panel" data-testid="decision-panel" data-state="deciding" data-kind={m.kind}>
      <div class="decision-head">
        <div class="decision-title" data-testid="decision-title">
          {t.t("play.your_turn")} · {prompt}
        </div>
        {props.secondsLeft !== null && (
          <div class={`deadline${urgent ? " urgent" : ""}`} data-testid="deadline" role="timer" aria-live={urgent ? "assertive" : "off"}>
            {t.t("play.deadline", { n: props.secondsLeft })}
          </div>
        )}
      </div>
      {m.byTile.size > 0 && <div class="hint">{t.t("decision.map_hint")}</div>}
      {groups.map(({ g, items }) => (
        <div class={`answer-group group-${g}`} key={g}>
          {items.map((i) => (
            <button
              key={i.answer}
              class={`answer${i.isDefault ? " default" : ""}`}
              disabled={props.busy}
              onClick={() => props.onAnswer(i.answer)}
              data-testid="answer"
              data-answer={i.answer}
              title={i.isDefault ? t.t("decision.default") : undefined}
            >
              {i.index < 9 && <kbd>{i.index + 1}</kbd>}
              {answerLabel(t, i.parsed, props.names)}
              {i.isDefault && <span class="default-mark"> ⟲</span>}
            </button>
          ))}
        </div>
      ))}
      {props.choice && (
        <button class="small ghost" onClick={props.onCancelChoice}>
          {t.t("app.cancel")}
        </button>
      )}
    </div>
  );
}

export function EventLog(props: { log: LoggedEvent[]; names: Names; onHover?: (tiles: { col: number; row: number }[]) => void }) {
  const { s } = useApp();
  const t = s.t;
  const box = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState<number | null>(null);
  useEffect(() => {
    const el = box.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [props.log.length]);
  const lines = props.log.slice(-150).map((e) => ({ e, l: eventLine(t, e, props.names) }));
  return (
    <div class="event-log" data-testid="event-log">
      <h3>{t.t("play.log")}</h3>
      <div class="log-lines" ref={box}>
        {lines.map(({ e, l }, i) => {
          const showExplain = l.explain && (s.options.logExplain || open === i);
          return (
            <div
              key={`${e.version}-${i}`}
              class={`log-line kind-${e.kind}`}
              data-testid="log-line"
              data-kind={e.kind}
              onMouseEnter={() => props.onHover?.(l.tiles)}
              onMouseLeave={() => props.onHover?.([])}
            >
              <span class="log-text">{l.text}</span>
              {l.explain && (
                <button class="explain-toggle" onClick={() => setOpen(open === i ? null : i)} aria-expanded={!!showExplain} data-testid="explain-toggle">
                  {t.t("play.explain")}
                </button>
              )}
              {showExplain && (
                <div class="explain" data-testid="explain">
                  {l.explain!.map((x, j) => (
                    <div key={j}>{x}</div>
                  ))}
                </div>
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}
