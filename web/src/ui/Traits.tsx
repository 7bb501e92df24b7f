// The trait screen (named by UI-003, not specified: GAP-30; docs/ui.md):
// the 36-trait tree as six columns (groups) under three categories, rows 1
// to 6; touching a trait takes or drops it, the counter shows the trait
// points used against the account's (REL-604-606, at least 5: GAP-28), the
// two cards each trait gives are shown with name, level, cost and text, and
// slots 0-9 are saved to the server, which validates them by the rules.

import { useState } from "preact/hooks";
import { useApp } from "./common";

/** slotProblems is the client's quick check of a slot; the server's word is final. */
export function slotProblems(traits: string[], points: number, min: number): ("too_few" | "too_many")[] {
  const out: ("too_few" | "too_many")[] = [];
  if (traits.length < min) out.push("too_few");
  if (traits.length > points) out.push("too_many");
  return out;
}

export function Traits() {
  const { s, ctl } = useApp();
  const t = s.t;
  const cat = s.catalogue;
  const points = s.account?.trait_points ?? 5;
  const min = cat.min_slot_traits || 5;
  const [slotNo, setSlotNo] = useState<number>(s.slots[0]?.slot ?? 0);
  const current = s.slots.find((x) => x.slot === slotNo);
  const [name, setName] = useState(current?.name ?? `${t.t("traits.title")} ${slotNo + 1}`);
  const [chosen, setChosen] = useState<string[]>(current?.traits ?? []);
  const [focus, setFocus] = useState<string | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const load = (n: number) => {
    const x = s.slots.find((y) => y.slot === n);
    setSlotNo(n);
    setName(x?.name ?? `${t.t("traits.title")} ${n + 1}`);
    setChosen(x?.traits ?? []);
    setErrors([]);
  };
  const toggle = (key: string) => {
    setChosen(chosen.includes(key) ? chosen.filter((k) => k !== key) : [...chosen, key]);
    setFocus(key);
  };
  const problems = slotProblems(chosen, points, min);
  const focusTrait = focus ? t.trait(focus) : undefined;
  return (
    <div class="screen traits-screen" data-testid="screen-traits">
      <div class="traits-head">
        <h1 class="screen-title">{t.t("traits.title")}</h1>
        <div class={`points${problems.length ? " bad" : ""}`} data-testid="trait-points">
          {t.t("traits.points", { used: chosen.length, total: points })} · {t.t("traits.min", { n: min })}
        </div>
        <button onClick={() => ctl.go("menu")} data-testid="traits-back">{t.t("app.back")}</button>
      </div>
      <div class="traits-body">
        <div class="slot-list" data-testid="slot-list">
          {Array.from({ length: 10 }, (_, n) => {
            const x = s.slots.find((y) => y.slot === n);
            return (
              <button key={n} class={`slot-item${n === slotNo ? " on" : ""}${x ? "" : " empty"}`} onClick={() => load(n)} data-testid={`slot-${n}`}>
                {n + 1}. {x ? x.name : t.t("traits.new_slot")}
                {x && x.valid === false && " ⚠"}
              </button>
            );
          })}
          {s.presets.map((p, i) => (
            <button
              key={`p${i}`}
              class="slot-item preset"
              onClick={() => {
                setChosen(p.traits);
                setErrors([]);
              }}
              data-testid={`preset-${i + 1}`}
            >
              {t.t("room.basic_slot", { n: i + 1 })}
            </button>
          ))}
        </div>
        <div class="tree" data-testid="trait-tree">
          {cat.categories.map((c) => (
            <div class="category" key={c.key}>
              <div class="category-name">{t.categoryName(c.key)}</div>
              <div class="category-groups">
                {cat.groups
                  .filter((g) => g.category === c.key)
                  .map((g) => (
                    <div class="group-col" key={g.key} data-testid="trait-group" data-group={g.key}>
                      <div class="group-name">{t.groupName(g.key)}</div>
                      {cat.traits
                        .filter((tr) => tr.group === g.key)
                        .sort((a, b) => a.row - b.row)
                        .map((tr) => (
                          <button
                            key={tr.key}
                            class={`trait${chosen.includes(tr.key) ? " on" : ""}`}
                            aria-pressed={chosen.includes(tr.key)}
                            onClick={() => toggle(tr.key)}
                            onMouseEnter={() => setFocus(tr.key)}
                            onFocus={() => setFocus(tr.key)}
                            data-testid="trait"
                            data-trait={tr.key}
                          >
                            {t.traitName(tr.key)}
                          </button>
                        ))}
                    </div>
                  ))}
              </div>
            </div>
          ))}
        </div>
        <div class="trait-side">
          <label>
            {t.t("traits.slot_name")}
            <input value={name} onInput={(e) => setName(e.currentTarget.value)} data-testid="slot-name" maxLength={32} />
          </label>
          <div class="row">
            <button
              class="primary"
              disabled={problems.length > 0}
              onClick={async () => setErrors((await ctl.saveSlot(slotNo, name, chosen)) ?? [])}
              data-testid="slot-save"
            >
              {t.t("traits.save")}
            </button>
            {current && (
              <button class="danger" onClick={() => void ctl.deleteSlot(slotNo)} data-testid="slot-delete">
                {t.t("traits.delete")}
              </button>
            )}
          </div>
          {errors.length > 0 && (
            <ul class="errors" data-testid="slot-errors">
              {errors.map((e, i) => (
                <li key={i}>{t.t("traits.invalid", { message: e })}</li>
              ))}
            </ul>
          )}
          {focusTrait && (
            <div class="trait-detail" data-testid="trait-detail">
              <h3>{t.traitName(focusTrait.key)}</h3>
              <div class="hint">{focusTrait.rule} · {t.groupName(focusTrait.group)} · {t.t("traits.row", { n: focusTrait.row })}</div>
              <h4>{t.t("traits.cards")}</h4>
              {focusTrait.cards.map((id) => {
                const c = t.card(id);
                return (
                  <div class="card-tile" key={id} data-testid="trait-card" data-card={id}>
                    <div class="card-name">{t.cardName(id)}{c?.reaction ? " ⚡" : ""}</div>
                    {c && <div class="card-meta">{t.t("play.level", { n: c.level })} · {t.t("play.cost", { n: c.cost })}</div>}
                    <div class="card-text">{t.cardText(id)}</div>
                  </div>
                );
              })}
            </div>
          )}
        </div>
      </div>
    </div>
  );
}
