"""The turn's free actions (rulings 1, 2, 5, 12, 13) and the seller's answer to an offer (the ``offer`` kind).

Before the action of a turn a player may put one item up for sale or take it off (once a turn), offer another
player coins for the item on their for-sale space (from 3 coins; after a refusal only a higher offer to that
seller this turn, so bargaining always ends), replace the house or outpost row for 1 coin (once a turn) and put
goods on the progress track. The ``turn`` kind (turn.py) offers these with its actions, by the tables here.
"""

from __future__ import annotations

from collections.abc import Callable

from boardgames.core.decisions import Decision, Kind
from boardgames.core.engine import Action
from boardgames.games.abovebelow import effects as fx
from boardgames.games.abovebelow import words
from boardgames.games.abovebelow.data import GOODS
from boardgames.games.abovebelow.pieces import Player
from boardgames.games.abovebelow.state import OFFER, AboveBelowState, int_arg, refused_by_name
from boardgames.i18n import _

#: the least offer for another player's item (ruling 2)
MIN_OFFER = 3

Move = Callable[[AboveBelowState, Decision, Action], None]
Label = Callable[[AboveBelowState, Decision, Action], str]


def item_name(item: str | None) -> str:
    return _("None") if item is None else words.good(item)


def free_actions(state: AboveBelowState, seat: int) -> list[Action]:
    """Sell (one change of the for-sale space a turn), buy (offers from 3 coins up to all the buyer's coins;
    after a refusal only a higher offer to that seller this turn, so bargaining always ends), swap a row
    (once a turn, 1 coin) and goods on the track (rulings 1, 2, 5, 12, 13)."""
    player, flags = state.players[seat], state.flags
    acts: list[Action] = []
    if not flags.sold:
        items: list[str] = [g for g in GOODS if player.goods.get(g)]
        items += ["cider"] * bool(player.cider) + ["potion"] * bool(player.potions)
        acts += [Action("sell", (item,)) for item in items if item != player.for_sale]
        if player.for_sale is not None:
            acts.append(Action("unsell"))
    for other, seller in enumerate(state.players):
        if other != seat and seller.for_sale is not None:
            least = flags.refused_price(other) + 1 if flags.refused_price(other) else MIN_OFFER
            acts += [Action("buy", (other, price)) for price in range(least, player.coins + 1)]
    if not flags.swapped and fx.spending_power(state.rules, player) >= 1:
        if state.house_row and len(state.houses):
            acts.append(Action("swap", ("houses",)))
        if state.outpost_row and len(state.outposts):
            acts.append(Action("swap", ("outposts",)))
    acts += track_actions(state, seat)
    return acts


# -- the for-sale space ----------------------------------------------------------------------------------
def _unsale(player: Player) -> None:
    item = player.for_sale
    if item is None:
        return
    player.add_item(item)
    player.for_sale = None


def apply_sell(state: AboveBelowState, d: Decision, action: Action) -> None:
    item: str = action.args[0]
    player = state.players[d.seat]
    old = player.for_sale
    _unsale(player)
    player.take_item(item)
    player.for_sale = item
    state.flags.sold = True
    state.emit(_("{name} puts 1 {item} up for sale.", name=state.names[d.seat], item=item_name(item))
               if old is None else
               _("{name} takes the {old} off sale and puts 1 {item} up for sale.", name=state.names[d.seat],
                 old=item_name(old), item=item_name(item)))


def label_sell(state: AboveBelowState, d: Decision, action: Action) -> str:
    return _("Put 1 {item} up for sale", item=item_name(action.args[0]))


def apply_unsell(state: AboveBelowState, d: Decision, action: Action) -> None:
    item = state.players[d.seat].for_sale
    _unsale(state.players[d.seat])
    state.flags.sold = True
    state.emit(_("{name} takes the {item} off sale.", name=state.names[d.seat], item=item_name(item)))


def label_unsell(state: AboveBelowState, d: Decision, action: Action) -> str:
    return _("Take the {item} off sale", item=item_name(state.players[d.seat].for_sale))


# -- offers ------------------------------------------------------------------------------------------------
def apply_buy(state: AboveBelowState, d: Decision, action: Action) -> None:
    seller: int = action.args[0]
    price: int = action.args[1]
    seat = d.seat
    item = state.players[seller].for_sale
    if state.flags.refused_price(seller):
        state.emit(_("{name} raises the offer to {seller}: {price} coins for the {item}.", name=state.names[seat],
                     seller=state.names[seller], price=price, item=item_name(item)))
    else:
        state.emit(_("{name} offers {seller} {price} coins for the {item}.", name=state.names[seat],
                     seller=state.names[seller], price=price, item=item_name(item)))
    state.decisions.push(Decision(OFFER, seller, (seat, price)))


def label_buy(state: AboveBelowState, d: Decision, action: Action) -> str:
    seller, price = action.args
    return _("Offer {seller} {price} coins for the {item}", seller=state.names[seller], price=price,
             item=item_name(state.players[seller].for_sale))


def legal_offer(state: AboveBelowState, d: Decision) -> list[Action]:
    return [Action("accept"), Action("refuse")]


def _accept(state: AboveBelowState, d: Decision) -> None:
    buyer, price = int_arg(d, 0), int_arg(d, 1)
    seller, player = state.players[d.seat], state.players[buyer]
    item = seller.for_sale
    assert item is not None
    seller.for_sale = None
    seller.coins += price
    player.coins -= price
    player.add_item(item)
    state.emit(_("{name} sells the {item} to {buyer} for {price} coins.", name=state.names[d.seat],
                 item=item_name(item), buyer=state.names[buyer], price=price))
    state.decisions.pop()


def _refuse(state: AboveBelowState, d: Decision) -> None:
    buyer, price = int_arg(d, 0), int_arg(d, 1)
    state.flags.refuse(d.seat, price)
    if state.players[buyer].coins > price:
        state.emit(_("{name} refuses {buyer}'s offer; only a higher one may follow this turn.",
                     name=state.names[d.seat], buyer=state.names[buyer]))
    else:
        state.emit(_("{name} refuses {buyer}'s offer.", name=state.names[d.seat], buyer=state.names[buyer]))
    state.decisions.pop()


def apply_offer(state: AboveBelowState, d: Decision, action: Action) -> None:
    (_accept if action.name == "accept" else _refuse)(state, d)


def prompt_offer(state: AboveBelowState, d: Decision) -> str:
    buyer, price = int_arg(d, 0), int_arg(d, 1)
    item = item_name(state.players[d.seat].for_sale)
    return _("{name}: {buyer} offers {price} coins for your {item}. Accept or refuse?", name=state.names[d.seat],
             buyer=state.names[buyer], price=price, item=item)


def label_offer(state: AboveBelowState, d: Decision, action: Action) -> str:
    return _("Sell it for {price} coins", price=d.args[1]) if action.name == "accept" else _("Refuse the offer")


# -- a row swapped ---------------------------------------------------------------------------------------
def apply_swap(state: AboveBelowState, d: Decision, action: Action) -> None:
    which: str = action.args[0]
    paid = state.pay(d.seat, 1)
    row, deck = (state.house_row, state.houses) if which == "houses" else (state.outpost_row, state.outposts)
    for card in row:
        deck.to_bottom(card)
    row.clear()
    state.refill_rows()
    state.flags.swapped = True
    if which == "houses":
        state.emit(_("{name} pays {paid} to replace the house row.", name=state.names[d.seat], paid=paid))
    else:
        state.emit(_("{name} pays {paid} to replace the outpost row.", name=state.names[d.seat], paid=paid))


def label_swap(state: AboveBelowState, d: Decision, action: Action) -> str:
    return _("Replace the house row (1 coin)") if action.args[0] == "houses" else _("Replace the outpost row (1 coin)")


# -- the progress track ----------------------------------------------------------------------------------
def track_actions(state: AboveBelowState, seat: int) -> list[Action]:
    """Goods of the supply that may go on the progress track (rulings 5, 11): onto their own stack, or a
    new stack at the right while the track has room."""
    player = state.players[seat]
    stacked = {g for g, _count in player.track}
    room = len(player.track) < len(state.comp.progress.spaces)
    return [Action("track", (g,)) for g in GOODS if player.goods.get(g) and (g in stacked or room)]


def put_on_track(state: AboveBelowState, seat: int, good: str) -> None:
    player = state.players[seat]
    player.take_goods(good)
    for stack in player.track:
        if stack[0] == good:
            stack[1] += 1
            break
    else:
        player.track.append([good, 1])
    state.emit(_("{name} puts 1 {good} on the progress track.", name=state.names[seat], good=words.good(good)))


def apply_track(state: AboveBelowState, d: Decision, action: Action) -> None:
    put_on_track(state, d.seat, action.args[0])


def label_track(state: AboveBelowState, d: Decision, action: Action) -> str:
    return _("Put 1 {good} on the progress track", good=words.good(action.args[0]))


#: the free actions by name: what each does and how a person reads it (the turn kind offers them)
FREE_MOVES: dict[str, Move] = {"sell": apply_sell, "unsell": apply_unsell, "buy": apply_buy, "swap": apply_swap,
                               "track": apply_track}
FREE_LABELS: dict[str, Label] = {"sell": label_sell, "unsell": label_unsell, "buy": label_buy, "swap": label_swap,
                                 "track": label_track}

KINDS: dict[str, Kind[AboveBelowState]] = {
    OFFER: Kind(legal_offer, apply_offer, prompt_offer, label_offer, refusal=refused_by_name, listed=True),
}
