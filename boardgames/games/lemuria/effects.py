"""Lemuria's effect vocabulary: one small frozen dataclass per kind of effect.

A card's effects are written in YAML as one-key mappings (``{gain: {brick: 1}}``, ``{gain_vp: 3}``,
``{turn_altar: {max: 2}}``) or a bare tag (``set_altar``); the tag is the class name in snake_case.
The rules engine dispatches on the class and reads the numbers from its fields. Gains happen at
once; every other effect changes what the player may do for the rest of the turn (rulings 16-17).
``describe()`` is our own wording of the effect, for card texts on screen: an order to the player ("gain 3 VP").
``noun()`` names what it gives in words that fit inside a sentence or a move's label, in every language ("Bia gets
the religious area's bonus: 3 VP", "Play Oracle (2 food): a look at the top 3 building cards..."), never an order.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Annotated

from boardgames.core.data import Ref, Tagged
from boardgames.games.lemuria import words
from boardgames.i18n import _, n_

#: a resource id of components.yaml (food, cloth, wood, gold, brick, stone)
ResourceId = Annotated[str, Ref("resource")]
#: a colour id of components.yaml (military, commerce, production, religion)
ColourId = Annotated[str, Ref("colour")]


# -- gains -----------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Gain:
    """Take these resources from the supply."""

    resources: Mapping[ResourceId, int]

    def describe(self) -> str:
        return _("gain {resources}", resources=words.amounts(dict(self.resources)))

    def noun(self) -> str:
        return words.amounts(dict(self.resources))


@dataclass(frozen=True)
class GainChoice:
    """Take ``count`` resources, each of any kind the player chooses."""

    count: int

    def describe(self) -> str:
        return n_("gain {n} resource of your choice", "gain {n} resources of your choice", self.count)

    def noun(self) -> str:
        return n_("{n} resource of your choice", "{n} resources of your choice", self.count)


@dataclass(frozen=True)
class GainVp:
    vp: int

    def describe(self) -> str:
        return _("gain {vp} VP", vp=self.vp)

    def noun(self) -> str:
        return _("{vp} VP", vp=self.vp)


@dataclass(frozen=True)
class VpPerBuilding:
    """``vp`` for each building the player owns; only those of ``colour`` if given, only occupied ones if set."""

    vp: int
    colour: ColourId | None = None
    occupied: bool = False

    def describe(self) -> str:
        if self.colour and self.occupied:
            return _("gain {vp} VP per occupied {colour} building you own", vp=self.vp,
                     colour=words.colour(self.colour))
        if self.colour:
            return _("gain {vp} VP per {colour} building you own", vp=self.vp, colour=words.colour(self.colour))
        if self.occupied:
            return _("gain {vp} VP per occupied building you own", vp=self.vp)
        return _("gain {vp} VP per building you own", vp=self.vp)

    def noun(self) -> str:
        if self.colour and self.occupied:
            return _("{vp} VP per occupied {colour} building you own", vp=self.vp, colour=words.colour(self.colour))
        if self.colour:
            return _("{vp} VP per {colour} building you own", vp=self.vp, colour=words.colour(self.colour))
        if self.occupied:
            return _("{vp} VP per occupied building you own", vp=self.vp)
        return _("{vp} VP per building you own", vp=self.vp)


# -- citizen cards ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class DrawCitizens:
    """Draw ``count`` citizen cards, then discard ``discard`` cards of the hand (the new ones included)."""

    count: int
    discard: int = 0

    def describe(self) -> str:
        if self.discard:
            return n_("draw {n} citizen card, then discard {discard}", "draw {n} citizen cards, then discard {discard}",
                      self.count, discard=self.discard)
        return n_("draw {n} citizen card", "draw {n} citizen cards", self.count)

    def noun(self) -> str:
        if self.discard:
            return n_("{n} citizen card drawn, then {discard} discarded",
                      "{n} citizen cards drawn, then {discard} discarded", self.count, discard=self.discard)
        return n_("{n} citizen card drawn", "{n} citizen cards drawn", self.count)


@dataclass(frozen=True)
class FreeCitizens:
    """The next ``count`` citizens played this turn cost no food."""

    count: int

    def describe(self) -> str:
        return n_("your next {n} citizen this turn cost no food", "your next {n} citizens this turn cost no food",
                  self.count)

    def noun(self) -> str:
        return n_("no food for your next citizen this turn", "no food for your next {n} citizens this turn",
                  self.count)


@dataclass(frozen=True)
class FreeBuy:
    """The next ``count`` citizen cards bought this turn cost no gold."""

    count: int = 1

    def describe(self) -> str:
        return _("your next card bought this turn is free") if self.count == 1 else \
            _("your next {n} cards bought this turn are free", n=self.count)

    def noun(self) -> str:
        return n_("your next citizen card bought this turn free", "your next {n} citizen cards bought this turn free",
                  self.count)


# -- resources -------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Exchange:
    """Trade up to ``max`` resources, one for one, for resources of the player's choice."""

    max: int

    def describe(self) -> str:
        return n_("trade up to {n} resource, one for one, for any others",
                  "trade up to {n} resources, one for one, for any others", self.max)

    def noun(self) -> str:
        return n_("a trade of up to {n} resource, one for one, for any others",
                  "a trade of up to {n} resources, one for one, for any others", self.max)


# -- the altar -------------------------------------------------------------------------------------
@dataclass(frozen=True)
class TurnAltar:
    """Turn the altar tile 1 to ``max`` sections, clockwise or back."""

    max: int

    def describe(self) -> str:
        if self.max == 1:
            return _("turn the altar one section, either way")
        return _("turn the altar up to {n} sections, either way", n=self.max)

    def noun(self) -> str:
        if self.max == 1:
            return _("a turn of the altar by one section, either way")
        return _("a turn of the altar by up to {n} sections, either way", n=self.max)


@dataclass(frozen=True)
class SetAltar:
    """Turn the altar tile to any of its positions."""

    def describe(self) -> str:
        return _("turn the altar to any position")

    def noun(self) -> str:
        return _("the altar turned to any position")


@dataclass(frozen=True)
class RemoveFiller:
    """Take ``count`` filler matter off any sections of the altar."""

    count: int

    def describe(self) -> str:
        return n_("remove {n} filler from the altar", "remove {n} fillers from the altar", self.count)

    def noun(self) -> str:
        return n_("{n} filler taken off the altar", "{n} fillers taken off the altar", self.count)


@dataclass(frozen=True)
class AddFiller:
    """Put ``count`` filler matter into empty spaces of sections holding the player's own matter."""

    count: int

    def describe(self) -> str:
        return n_("add {n} filler to a section holding your matter",
                  "add {n} fillers to a section holding your matter", self.count)

    def noun(self) -> str:
        return n_("{n} filler added to a section holding your matter",
                  "{n} fillers added to a section holding your matter", self.count)


@dataclass(frozen=True)
class RecallMatter:
    """Take ``count`` of the player's own matter back from the altar."""

    count: int

    def describe(self) -> str:
        return n_("take back {n} piece of your matter from the altar",
                  "take back {n} pieces of your matter from the altar", self.count)

    def noun(self) -> str:
        return n_("{n} piece of your matter back from the altar", "{n} pieces of your matter back from the altar",
                  self.count)


@dataclass(frozen=True)
class ExtraPlant:
    """Plant ``matter`` more pieces of matter this turn, even after this turn's harvest."""

    matter: int

    def describe(self) -> str:
        return _("plant {n} more matter this turn, even after a harvest", n=self.matter)

    def noun(self) -> str:
        return _("{n} more matter to plant this turn, even after a harvest", n=self.matter)


@dataclass(frozen=True)
class ExtraHarvest:
    """This turn's harvest may take up to ``sections`` more full sections without paying gold."""

    sections: int

    def describe(self) -> str:
        if self.sections == 1:
            return _("your harvest this turn may take 1 more full section for free")
        return _("your harvest this turn may take up to {n} more full sections for free", n=self.sections)

    def noun(self) -> str:
        if self.sections == 1:
            return _("1 more full section in this turn's harvest, for free")
        return _("up to {n} more full sections in this turn's harvest, for free", n=self.sections)


@dataclass(frozen=True)
class ReserveTurnOrder:
    """Reserve an empty turn-order space for next round without placing matter there."""

    def describe(self) -> str:
        return _("reserve a turn-order space without matter")

    def noun(self) -> str:
        return _("a turn-order space reserved without matter")


# -- building ----------------------------------------------------------------------------------------
@dataclass(frozen=True)
class ExtraBuild:
    """Build up to ``count`` more buildings this turn (never as a reform)."""

    count: int

    def describe(self) -> str:
        return _("build 1 more building this turn") if self.count == 1 else \
            _("build up to {n} more buildings this turn", n=self.count)

    def noun(self) -> str:
        return _("1 more build this turn") if self.count == 1 else \
            _("up to {n} more builds this turn", n=self.count)


@dataclass(frozen=True)
class BuildDiscount:
    """The player's next build this turn costs ``resources`` less; without its trend bonus if that is off."""

    resources: int
    trend_bonus: bool = True

    def describe(self) -> str:
        if self.trend_bonus:
            return n_("your next build this turn costs {n} resource less",
                      "your next build this turn costs {n} resources less", self.resources)
        return n_("your next build this turn costs {n} resource less but earns no trend bonus",
                  "your next build this turn costs {n} resources less but earns no trend bonus", self.resources)

    def noun(self) -> str:
        if self.trend_bonus:
            return n_("{n} resource off your next build this turn", "{n} resources off your next build this turn",
                      self.resources)
        return n_("{n} resource off your next build this turn, without its trend bonus",
                  "{n} resources off your next build this turn, without its trend bonus", self.resources)


@dataclass(frozen=True)
class TrendBonus:
    """Every trend position gives a bonus of ``vp`` this turn."""

    vp: int

    def describe(self) -> str:
        return _("every trend position gives a {vp} VP bonus this turn", vp=self.vp)

    def noun(self) -> str:
        return _("a {vp} VP bonus at every trend position this turn", vp=self.vp)


@dataclass(frozen=True)
class ReplaceTrendCard:
    """Discard one card of the trend line; the top building card takes its place (nothing slides)."""

    def describe(self) -> str:
        return _("replace a trend card with the top building card")

    def noun(self) -> str:
        return _("a trend card replaced by the top building card")


@dataclass(frozen=True)
class ScoutBuildings:
    """Look at the top ``look`` building cards, put one in any trend position (discarding the card there)
    and the others under the deck in random order."""

    look: int

    def describe(self) -> str:
        return _("look at the top {n} building cards and put one in the trend line", n=self.look)

    def noun(self) -> str:
        return _("a look at the top {n} building cards, one of them put in the trend line", n=self.look)


# -- area bonus only ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class UpperTrendDiscount:
    """This round the upper trend costs the player ``resources`` less (the political area's bonus)."""

    resources: int

    def noun(self) -> str:
        return n_("{n} resource off the upper trend this round", "{n} resources off the upper trend this round",
                  self.resources)


#: what a citizen or Lemurian Impact card does
Effect = Annotated[
    Gain | GainChoice | GainVp | VpPerBuilding | DrawCitizens | FreeCitizens | FreeBuy | Exchange
    | TurnAltar | SetAltar | RemoveFiller | AddFiller | RecallMatter | ExtraPlant | ExtraHarvest | ReserveTurnOrder
    | ExtraBuild | BuildDiscount | TrendBonus | ReplaceTrendCard | ScoutBuildings,
    Tagged(Gain, GainChoice, GainVp, VpPerBuilding, DrawCitizens, FreeCitizens, FreeBuy, Exchange,
           TurnAltar, SetAltar, RemoveFiller, AddFiller, RecallMatter, ExtraPlant, ExtraHarvest, ReserveTurnOrder,
           ExtraBuild, BuildDiscount, TrendBonus, ReplaceTrendCard, ScoutBuildings),
]
#: what a building area gives at a round's start
AreaBonus = Annotated[Gain | GainVp | UpperTrendDiscount, Tagged(Gain, GainVp, UpperTrendDiscount, kind="area bonus")]
