"""What ``AboveBelowState.view(seat)`` holds, as typed dictionaries, and the helpers that build its parts.

Every key is always present (``None`` where nothing applies); the values are plain JSON, pinned by the golden
view tests, so a key's order and value never change here without those tests saying so.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypedDict

from boardgames.core.decisions import Decision
from boardgames.games.abovebelow import effects as fx
from boardgames.games.abovebelow import scoring, words
from boardgames.games.abovebelow.data import Encounter, Modifier, Rules
from boardgames.games.abovebelow.pieces import FlagsView, Outcome, Player
from boardgames.i18n import _

if TYPE_CHECKING:
    from boardgames.games.abovebelow.state import AboveBelowState

#: a refresh decision's stage (its first argument) by name
STAGES = ("potions", "cider", "beds")


class PlayerView(TypedDict):
    name: str
    coins: int
    reputation: int
    cider: int
    potions: int
    goods: dict[str, int]
    #: [good, count] stacks, left to right
    track: list[list[Any]]
    for_sale: str | None
    ready: list[str]
    exhausted: list[str]
    injured: list[str]
    buildings: list[str]
    card_goods: dict[str, dict[str, int]]
    #: [cave id, outpost id or None]
    caves: list[list[Any]]
    beds: int
    rerolls: int
    income: int
    #: so far, without the reputation ranking bonus
    points: int


class ChoiceView(TypedDict):
    label: str
    thresholds: list[int]
    modifiers: list[str]


class EncounterView(TypedDict):
    id: int
    title: str
    text: str
    choices: list[ChoiceView]


class ExploreView(TypedDict):
    cave: str
    party: list[str]
    entry_die: int | None
    encounter: EncounterView | None
    #: 1-based, once chosen
    choice: int | None
    dice: dict[str, int]
    injured: list[str]
    paid: bool
    kept: bool
    rerolls_left: int
    #: counted while the dice are on the table
    lanterns: int | None
    outcome: Outcome | None


class SupplyView(TypedDict):
    goods: dict[str, int]
    cider: int
    potions: int


class OfferView(TypedDict):
    buyer: int
    seller: int
    price: int
    item: str | None


class RefreshView(TypedDict):
    seat: int
    stage: str
    beds_left: int
    bedded: list[str]


class AboveBelowView(TypedDict):
    seat: int | None
    current: int | None
    phase: str
    round: int
    rounds: int
    first: int
    passed: list[bool]
    players: list[PlayerView]
    supply: SupplyView
    cider_on_board: bool
    house_row: list[str]
    outpost_row: list[str]
    star_row: list[str]
    key_row: list[str]
    house_deck: int
    outpost_deck: int
    villager_row: list[str | None]
    villager_costs: list[int]
    villager_pile: int
    specials: list[str]
    cave_pile: int
    cave_top: str | None
    explore: ExploreView | None
    offer: OfferView | None
    refresh: RefreshView | None
    flags: FlagsView
    prompt: str


def player_view(rules: Rules, p: Player) -> PlayerView:
    """A player's holdings as saved, with what the cards make of them: beds, rerolls, income, points."""
    return {
        "name": p.name, "coins": p.coins, "reputation": p.reputation, "cider": p.cider, "potions": p.potions,
        "goods": dict(sorted(p.goods.items())), "track": [list(s) for s in p.track], "for_sale": p.for_sale,
        "ready": list(p.ready), "exhausted": list(p.exhausted), "injured": list(p.injured),
        "buildings": list(p.buildings), "card_goods": {c: dict(g) for c, g in p.card_goods.items()},
        "caves": [list(c) for c in p.caves],
        "beds": fx.beds(rules, p), "rerolls": fx.rerolls(rules, p), "income": fx.income(rules, p),
        "points": sum(scoring.own_points(rules, p).values()),
    }


def modifier_text(mod: Modifier) -> str:
    if mod.per is not None:
        if mod.per == "hammer":
            return _("+{n} per hammer villager in the party", n=mod.lanterns)
        return _("+{n} per quill villager in the party", n=mod.lanterns)
    if mod.own is not None:
        return _("+{n} if you own a {item}", n=mod.lanterns, item=words.good(mod.own))
    if mod.party is not None:
        return _("+{n} with {villager} in the party", n=mod.lanterns, villager=_(mod.party.capitalize()))
    return _("+{n} if you pay {coins} coin", n=mod.lanterns, coins=mod.pay)


def encounter_view(enc: Encounter) -> EncounterView:
    """What the reader reads aloud (ruling 9): scene, choices, thresholds and modifiers; never the rewards."""
    return {"id": enc.id, "title": enc.title, "text": enc.text,
            "choices": [{"label": c.label, "thresholds": [t.lanterns for t in c.thresholds],
                         "modifiers": [modifier_text(m) for m in c.modifiers]} for c in enc.choices]}


def explore_view(state: AboveBelowState, rolling: bool) -> ExploreView | None:
    """The explore in progress, if any; ``rolling``: its dice are on the table (their lanterns are counted)."""
    ex = state.explore
    if ex is None:
        return None
    seat = state.current_player
    rolled = ex.choice is not None and rolling
    return {
        "cave": ex.cave, "party": list(ex.party), "entry_die": ex.entry_die,
        "encounter": None if ex.encounter is None else encounter_view(state.rules.encounter[ex.encounter]),
        "choice": None if ex.choice is None else ex.choice + 1, "dice": dict(ex.dice),
        "injured": list(ex.injured), "paid": ex.paid, "kept": ex.kept,
        "rerolls_left": state.rerolls_left(seat) if seat is not None else 0,
        "lanterns": state.lanterns(seat) if rolled and seat is not None else None,
        "outcome": None if ex.outcome is None else ex.outcome.copy(),
    }


def offer_view(state: AboveBelowState, offer: Decision) -> OfferView:
    buyer, price = offer.args
    assert isinstance(buyer, int) and isinstance(price, int)
    return {"buyer": buyer, "seller": offer.seat, "price": price, "item": state.players[offer.seat].for_sale}


def refresh_view(state: AboveBelowState, d: Decision) -> RefreshView:
    stage, used, *bedded = d.args
    assert isinstance(stage, int) and isinstance(used, int)
    return {"seat": d.seat, "stage": STAGES[stage], "beds_left": fx.beds(state.rules, state.players[d.seat]) - used,
            "bedded": [str(v) for v in bedded]}
