"""Lemuria's effect vocabulary: one small frozen dataclass per kind of effect.

A card's effects are written in YAML as one-key mappings (``{gain: {brick: 1}}``, ``{gain_vp: 3}``,
``{turn_altar: {max: 2}}``) or a bare tag (``set_altar``); the tag is the class name in snake_case.
The rules engine dispatches on the class and reads the numbers from its fields. Gains happen at
once; every other effect changes what the player may do for the rest of the turn (rulings 16-17).
``describe()`` is our own wording of the effect, for card texts on screen: an order to the player ("gain 3 VP").
An effect that a sentence names (an area's bonus: "Bia gets the religious area's bonus: 3 VP") has ``noun()`` too,
what it gives as words that fit inside a sentence, in every language.
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


@dataclass(frozen=True)
class FreeCitizens:
    """The next ``count`` citizens played this turn cost no food."""

    count: int

    def describe(self) -> str:
        return n_("your next {n} citizen this turn cost no food", "your next {n} citizens this turn cost no food",
                  self.count)


@dataclass(frozen=True)
class FreeBuy:
    """The next ``count`` citizen cards bought this turn cost no gold."""

    count: int = 1

    def describe(self) -> str:
        return _("your next card bought this turn is free") if self.count == 1 else \
            _("your next {n} cards bought this turn are free", n=self.count)


# -- resources -------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Exchange:
    """Trade up to ``max`` resources, one for one, for resources of the player's choice."""

    max: int

    def describe(self) -> str:
        return n_("trade up to {n} resource, one for one, for any others",
                  "trade up to {n} resources, one for one, for any others", self.max)


# -- the altar -------------------------------------------------------------------------------------
@dataclass(frozen=True)
class TurnAltar:
    """Turn the altar tile 1 to ``max`` sections, clockwise or back."""

    max: int

    def describe(self) -> str:
        if self.max == 1:
            return _("turn the altar one section, either way")
        return _("turn the altar up to {n} sections, either way", n=self.max)


@dataclass(frozen=True)
class SetAltar:
    """Turn the altar tile to any of its positions."""

    def describe(self) -> str:
        return _("turn the altar to any position")


@dataclass(frozen=True)
class RemoveFiller:
    """Take ``count`` filler matter off any sections of the altar."""

    count: int

    def describe(self) -> str:
        return n_("remove {n} filler from the altar", "remove {n} fillers from the altar", self.count)


@dataclass(frozen=True)
class AddFiller:
    """Put ``count`` filler matter into empty spaces of sections holding the player's own matter."""

    count: int

    def describe(self) -> str:
        return n_("add {n} filler to a section holding your matter",
                  "add {n} fillers to a section holding your matter", self.count)


@dataclass(frozen=True)
class RecallMatter:
    """Take ``count`` of the player's own matter back from the altar."""

    count: int

    def describe(self) -> str:
        return n_("take back {n} piece of your matter from the altar",
                  "take back {n} pieces of your matter from the altar", self.count)


@dataclass(frozen=True)
class ExtraPlant:
    """Plant ``matter`` more pieces of matter this turn, even after this turn's harvest."""

    matter: int

    def describe(self) -> str:
        return _("plant {n} more matter this turn, even after a harvest", n=self.matter)


@dataclass(frozen=True)
class ExtraHarvest:
    """This turn's harvest may take up to ``sections`` more full sections without paying gold."""

    sections: int

    def describe(self) -> str:
        if self.sections == 1:
            return _("your harvest this turn may take 1 more full section for free")
        return _("your harvest this turn may take up to {n} more full sections for free", n=self.sections)


@dataclass(frozen=True)
class ReserveTurnOrder:
    """Reserve an empty turn-order space for next round without placing matter there."""

    def describe(self) -> str:
        return _("reserve a turn-order space without matter")


# -- building ----------------------------------------------------------------------------------------
@dataclass(frozen=True)
class ExtraBuild:
    """Build up to ``count`` more buildings this turn (never as a reform)."""

    count: int

    def describe(self) -> str:
        return _("build 1 more building this turn") if self.count == 1 else \
            _("build up to {n} more buildings this turn", n=self.count)


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


@dataclass(frozen=True)
class TrendBonus:
    """Every trend position gives a bonus of ``vp`` this turn."""

    vp: int

    def describe(self) -> str:
        return _("every trend position gives a {vp} VP bonus this turn", vp=self.vp)


@dataclass(frozen=True)
class ReplaceTrendCard:
    """Discard one card of the trend line; the top building card takes its place (nothing slides)."""

    def describe(self) -> str:
        return _("replace a trend card with the top building card")


@dataclass(frozen=True)
class ScoutBuildings:
    """Look at the top ``look`` building cards, put one in any trend position (discarding the card there)
    and the others under the deck in random order."""

    look: int

    def describe(self) -> str:
        return _("look at the top {n} building cards and put one in the trend line", n=self.look)


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
