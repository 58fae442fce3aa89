"""The roll of an encounter (ruling 8), the ``dice`` kind: one die per villager was rolled when the choice was
locked (explore.py); now rerolls (one per reroll symbol owned, per encounter, on villager dice only, the same
die again if wanted, and none once a villager is injured), injuries (+1 lantern each; the villager keeps its
die's lanterns and leaves the card), ``pay`` for a ``{pay: 1, lanterns: 2}`` modifier, and ``done``: the
highest threshold met pays (rewards.py). Rewards and failure text are shown only then (a reveal that draws
nothing).

Success keeps the card (a site for one outpost) and pays the explore coins; a follow-up is read at once by
the party that reached it (it counts as success). A follow-up that fails takes back nothing already won.
Failure: the penalty, the card to the pile's bottom.
"""

from __future__ import annotations

from boardgames.core.decisions import Decision, Kind
from boardgames.core.engine import Action
from boardgames.games.abovebelow import effects as fx
from boardgames.games.abovebelow.data import FIRST_FOLLOWUP, Modifier, Threshold
from boardgames.games.abovebelow.rewards import apply_penalty, apply_reward, continue_explore, reward_text, special_left
from boardgames.games.abovebelow.state import DICE, AboveBelowState, refused_by_name
from boardgames.i18n import _, n_


def pay_modifier(state: AboveBelowState) -> Modifier | None:
    return next((m for m in state.choice.modifiers if m.pay is not None), None)


def legal_dice(state: AboveBelowState, d: Decision) -> list[Action]:
    ex = state.exploring
    acts = []
    if not ex.injured and state.rerolls_left(d.seat) > 0:
        acts += [Action("reroll", (v,)) for v in ex.party]
    acts += [Action("injure", (v,)) for v in ex.party]
    mod = pay_modifier(state)
    if mod is not None and not ex.paid and fx.spending_power(state.rules, state.players[d.seat]) >= (mod.pay or 0):
        acts.append(Action("pay"))
    return acts + [Action("done")]


def _reroll(state: AboveBelowState, d: Decision, villager: str) -> None:
    ex = state.exploring
    old = ex.dice[villager]
    ex.dice[villager] = state.roll()
    ex.rerolls += 1
    state.emit(_("{name} rerolls {villager}'s {old}: {new}.", name=state.names[d.seat],
                 villager=state.vname(villager), old=old, new=ex.dice[villager]))


def _injure(state: AboveBelowState, d: Decision, villager: str) -> None:
    ex = state.exploring
    ex.party.remove(villager)
    ex.injured.append(villager)
    ex.wounded.append(villager)
    state.injure(d.seat, villager)
    state.emit(_("{name} injures {villager} for one more lantern.", name=state.names[d.seat],
                 villager=state.vname(villager)))


def _pay(state: AboveBelowState, d: Decision) -> None:
    mod = pay_modifier(state)
    assert mod is not None and mod.pay is not None
    paid = state.pay(d.seat, mod.pay)
    state.exploring.paid = True
    state.emit(_("{name} pays {paid} for more lanterns.", name=state.names[d.seat], paid=paid))


def _done(state: AboveBelowState, d: Decision) -> None:
    """Resolve the roll: the highest threshold met pays its reward; none met is a failure."""
    seat, choice = d.seat, state.choice
    lanterns = state.lanterns(seat)
    met = [t for t in choice.thresholds if lanterns >= t.lanterns]
    state.reveals += 1  # the reward (or failure text) is read out now: undo never goes back past it
    if met:
        _succeed(state, seat, lanterns, met[-1])
    else:
        _fail(state, seat, lanterns)
    continue_explore(state, seat)


def _succeed(state: AboveBelowState, seat: int, lanterns: int, threshold: Threshold) -> None:
    """The threshold is met: its reward, and the card kept with the explore coins the first time."""
    ex = state.exploring
    followup = (ex.encounter or 0) >= FIRST_FOLLOWUP
    text = reward_text(threshold.reward, special_left(state, threshold.reward))
    ex.outcome = {"lanterns": lanterns, "threshold": threshold.lanterns, "success": True,
                  "reward": text, "failure": None, "followup": followup}
    if followup:
        state.emit(_("{name} has {n} lanterns and meets {need}: the follow-up succeeds. Reward: {reward}.",
                     name=state.names[seat], n=lanterns, need=threshold.lanterns, reward=text))
    else:
        state.emit(_("{name} has {n} lanterns and meets {need}. Reward: {reward}.", name=state.names[seat],
                     n=lanterns, need=threshold.lanterns, reward=text))
    if not ex.kept:
        ex.kept = True
        player = state.players[seat]
        player.caves.append([ex.cave, None])
        coins = fx.total(state.rules, player, "coin_on_explore")
        if coins:
            state.emit(n_("{name} keeps the cave card and gains {n} coin for exploring.",
                          "{name} keeps the cave card and gains {n} coins for exploring.", coins,
                          name=state.names[seat]))
        player.coins += coins
    apply_reward(state, seat, threshold.reward)


def _fail(state: AboveBelowState, seat: int, lanterns: int) -> None:
    """No threshold is met: the failure's text and penalty."""
    ex = state.exploring
    followup = (ex.encounter or 0) >= FIRST_FOLLOWUP
    failure = state.choice.failure
    ex.outcome = {"lanterns": lanterns, "threshold": None, "success": False, "reward": None,
                  "failure": failure.text if failure is not None else "", "followup": followup}
    if followup:
        line = n_("{name} has {n} lanterns: the follow-up fails, and the rewards already won are kept.",
                  "{name} has {n} lanterns: the follow-up fails, and the rewards already won are kept.", lanterns,
                  name=state.names[seat])
        state.emit(line + (" " + _(failure.text) if failure is not None and failure.text else ""))
    elif failure is not None and failure.text:
        state.emit(n_("{name} has {n} lanterns and fails.", "{name} has {n} lanterns and fails.", lanterns,
                      name=state.names[seat]) + " " + _(failure.text))
    else:
        state.emit(n_("{name} has {n} lanterns and fails.", "{name} has {n} lanterns and fails.", lanterns,
                      name=state.names[seat]))
    if failure is not None and failure.penalty is not None:
        apply_penalty(state, seat, failure.penalty)


def apply_dice(state: AboveBelowState, d: Decision, action: Action) -> None:
    if action.name == "reroll":
        _reroll(state, d, action.args[0])
    elif action.name == "injure":
        _injure(state, d, action.args[0])
    elif action.name == "pay":
        _pay(state, d)
    else:
        _done(state, d)


def prompt_dice(state: AboveBelowState, d: Decision) -> str:
    levels = [t.lanterns for t in state.choice.thresholds]
    need = levels[0] if len(levels) == 1 else _("{first} or {second}", first=levels[0], second=levels[1])
    return _("{name}: lanterns so far {n}, needed {need}. Reroll, injure villagers for lanterns, or done.",
             name=state.names[d.seat], n=state.lanterns(d.seat), need=need)


def label_dice(state: AboveBelowState, d: Decision, action: Action) -> str:
    if action.name == "reroll":
        villager = action.args[0]
        return _("Reroll {villager}'s die ({die})", villager=state.vname(villager), die=state.exploring.dice[villager])
    if action.name == "injure":
        return _("Injure {villager} for one more lantern", villager=state.vname(action.args[0]))
    if action.name == "pay":
        mod = pay_modifier(state)
        assert mod is not None
        return _("Pay {coins} coin for {n} more lanterns", coins=mod.pay, n=mod.lanterns)
    return n_("Done: {n} lanterns", "Done: {n} lanterns", state.lanterns(d.seat))


def refuse_dice(state: AboveBelowState, d: Decision, action: Action) -> str:
    """Why this villager's die cannot be rerolled, or the villager injured for a lantern, in the words of the
    case at hand."""
    if action.name not in ("reroll", "injure") or len(action.args) != 1 \
            or action.args[0] not in state.rules.villager:
        return refused_by_name(state, d, action)
    ex, villager = state.exploring, action.args[0]
    who = state.vname(villager)
    if action.name == "injure":
        if villager in ex.injured:
            return _("{villager} is injured for a lantern already.", villager=who)
        return _("{villager} cannot be injured for a lantern now.", villager=who)
    if villager in ex.injured:
        return _("{villager} was injured for a lantern: that die stays as it is.", villager=who)
    if ex.injured:
        return _("No more rerolls once a villager is injured for a lantern.")
    if not state.rerolls_left(d.seat):
        return _("No rerolls left: each reroll symbol on your buildings gives one per encounter.")
    return _("{villager}'s die cannot be rerolled now.", villager=who)


KINDS: dict[str, Kind[AboveBelowState]] = {
    DICE: Kind(legal_dice, apply_dice, prompt_dice, label_dice, refusal=refuse_dice, listed=True),
}
