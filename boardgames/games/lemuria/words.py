"""The words Lemuria's sentences are filled with, in the reader's language: resources (with their counts),
matter kinds, colours, areas, a card's name; and lists joined with "and".

Each is looked up when it is shown (never at import time), so the language chosen after import is the one read.
The identifiers (``food``, ``vegetable``, ``farm``) never change: only the words shown do.
"""

from __future__ import annotations

from boardgames.i18n import Nn_, _, and_list, n_, p_

#: a count of each resource
AMOUNTS = {"food": Nn_("{n} food", "{n} food"), "cloth": Nn_("{n} cloth", "{n} cloth"),
           "wood": Nn_("{n} wood", "{n} wood"), "gold": Nn_("{n} gold", "{n} gold"),
           "brick": Nn_("{n} brick", "{n} brick"), "stone": Nn_("{n} stone", "{n} stone")}


def amount(n: int, resource: str) -> str:
    """``3 brick``: a count of a resource, in the reader's language (the English keeps the resource's id)."""
    forms = AMOUNTS.get(resource)
    return n_(*forms, n) if forms else f"{n} {resource}"


def resource(resource_id: str) -> str:
    """A resource's word in a sentence: ``food`` (lower case in English, as the moves write it)."""
    return {"food": p_("resource", "food"), "cloth": p_("resource", "cloth"), "wood": p_("resource", "wood"),
            "gold": p_("resource", "gold"), "brick": p_("resource", "brick"),
            "stone": p_("resource", "stone")}.get(resource_id, resource_id)


def kind(kind_id: str | None) -> str:
    """A matter kind's word in a sentence: ``vegetable`` or ``mineral``."""
    if kind_id is None:
        return ""
    return {"vegetable": p_("matter", "vegetable"), "mineral": p_("matter", "mineral")}.get(kind_id, kind_id)


def colour(colour_id: str) -> str:
    """A colour's word in a sentence: ``military`` (lower case in English)."""
    return {"military": p_("colour", "military"), "commerce": p_("colour", "commerce"),
            "production": p_("colour", "production"), "religion": p_("colour", "religion")}.get(colour_id, colour_id)


def area(area_id: str) -> str:
    """An area's word in "the ... area": ``farm``."""
    return {"farm": p_("area", "farm"), "market": p_("area", "market"), "political": p_("area", "political"),
            "religious": p_("area", "religious")}.get(area_id, area_id)


def name(text: str) -> str:
    """A card's, building's, area's or resource's printed name (from the YAML tables) in the reader's language."""
    return _(text)


def amounts(resources: dict[str, int] | object) -> str:
    """``1 brick and 1 wood``: several counts of resources."""
    items = resources.items() if isinstance(resources, dict) else dict(resources).items()  # type: ignore[call-overload]
    return and_list([amount(n, r) for r, n in items])
