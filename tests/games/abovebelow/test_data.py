"""Above and Below's tables: the shipped ones and the fixture load; a broken copy names its file and key path."""

from __future__ import annotations

import shutil

import pytest

from boardgames.core.data import DataError
from boardgames.games.abovebelow.data import FILES, GOODS_FREQUENCY, check_data, load_rules, shared_rules
from tests.games.abovebelow.helpers import FIXTURE
from tests.tabledits import append_at, both, copy_tables, delete_at, edit, put


@pytest.fixture
def tables(tmp_path):
    for name in FILES:
        shutil.copy(FIXTURE / name, tmp_path / name)
    return tmp_path


def refused(folder, file, change, *words):
    edit(folder, file, change)
    with pytest.raises(DataError) as err:
        load_rules(folder, balance=False)
    message = str(err.value)
    assert message.startswith(file), message
    for word in words:
        assert word in message, message
    return message


def test_the_shipped_tables_load_with_the_rulings_counts():
    rules = shared_rules()
    assert len(rules.villagers) == 36 and len(rules.buildings) == 68 and len(rules.caves) == 25
    assert sorted(e.id for e in rules.book.entries) == list(range(1, 76)) and len(rules.book.followups) >= 25
    assert check_data() == sorted(FILES)


def test_the_fixture_loads(tables):
    assert load_rules(tables, balance=False).villager["glogo"].has("hammer_plus")


def test_villager_count(tables):
    refused(tables, "villagers.yaml", delete_at((20,)), "regular", "18")


def test_unknown_skill_names_the_key_path(tables):
    refused(tables, "villagers.yaml", put((0, "skills"), ["hammer", "flying"]), "villagers[0].skills[1]", "flying")


def test_unknown_effect_names_the_card(tables):
    refused(tables, "buildings.yaml", put((5, "effects", "teleport"), 1), "buildings[5].effects", "teleport")


def test_card_id_prefix(tables):
    refused(tables, "buildings.yaml", put((4, "id"), "x99"), "buildings[4].id")


def test_card_count_per_kind(tables):
    refused(tables, "buildings.yaml", both(put((4, "kind"), "star"), put((4, "id"), "t99")), "24 house", "25")


def test_ruling_19_goods_printed_in_frequency_order(tables):
    message = refused(tables, "buildings.yaml", put((4, "effects"), {"goods_restock": "amethyst"}), "ruling 19")
    assert all(good in message for good in GOODS_FREQUENCY)


def test_every_cave_entry_once(tables):
    refused(tables, "cave_cards.yaml", put((1, "entries", 0), 1), "cave_cards[1].entries[0]", "already")


def test_thresholds_from_1_to_8_rising(tables):
    refused(tables, "encounters.yaml", put(("entries", 6, "choices", 1, "thresholds", 1, "lanterns"), 3),
            "entries[6].choices[1].thresholds", "rising")
    refused(tables, "encounters.yaml", put(("entries", 6, "choices", 1, "thresholds", 1, "lanterns"), 9),
            "entries[6].choices[1].thresholds")


def test_one_good_kind_per_reward(tables):
    refused(tables, "encounters.yaml",
            put(("entries", 0, "choices", 0, "thresholds", 0, "reward", "goods"), {"fish": 1, "ore": 1}),
            "entries[0].choices[0].thresholds[0].reward.goods", "one kind")


def test_every_jump_exists_and_every_follow_up_is_reached(tables):
    refused(tables, "encounters.yaml", put(("entries", 1, "choices", 0, "thresholds", 0, "reward"), {"followup": 199}),
            "entries[1].choices[0].thresholds[0].reward.followup", "199")
    refused(tables, "encounters.yaml", put(("entries", 1, "choices", 0, "thresholds", 0, "reward"), {"coins": 1}),
            "follow-up 101", "reached by no reward")


def test_every_special_villager_is_obtainable(tables):
    refused(tables, "encounters.yaml", put(("entries", 3, "choices", 0, "thresholds", 0, "reward"), {"coins": 1}),
            "mechanical_man")


def test_entries_1_to_75(tables):
    refused(tables, "encounters.yaml", put(("entries", 74, "id"), 76), "entries 1 to 75")


def test_modifier_has_one_kind(tables):
    refused(tables, "encounters.yaml", append_at(("entries", 0, "choices", 1, "modifiers"),
                                                 {"per": "quill", "own": "rope", "lanterns": 1}),
            "entries[0].choices[1].modifiers[1]", "exactly one")


def test_components_goods_counts(tables):
    refused(tables, "components.yaml", put(("goods", "ore"), 9), "goods")


def test_components_villager_row(tables):
    refused(tables, "components.yaml", put(("villager_row",), [2, 3, 4, 4]), "villager_row")


def test_a_list_file_that_is_not_a_list(tables):
    (tables / "cave_cards.yaml").write_text("cave_cards: 3\n", encoding="utf-8")
    with pytest.raises(DataError, match="cave_cards.yaml: cave_cards: expected a list"):
        load_rules(tables)


def test_every_reward_of_the_shipped_book_keeps_to_the_scale_and_a_richer_one_is_refused(tmp_path):
    """The scale of abovebelow.md: an easy threshold (2-3 lanterns) pays at most about 4 coins' worth."""
    copy_tables("abovebelow", FILES, tmp_path)
    load_rules(tmp_path)  # the shipped book keeps to it
    edit(tmp_path, "encounters.yaml", put(("entries", 0, "choices", 0, "thresholds", 0, "reward"),
                                          {"coins": 2, "goods": {"ore": 1}}))  # 6 coins' worth for 3 lanterns
    with pytest.raises(DataError) as err:
        load_rules(tmp_path)
    assert "entries[0].choices[0].thresholds[0].reward" in str(err.value) and "scale" in str(err.value)
    load_rules(tmp_path, balance=False)  # test tables may leave the scale out


def test_goods_printed_on_cards_keep_the_tokens_proportions(tmp_path):
    copy_tables("abovebelow", FILES, tmp_path)
    plain = [i for i, b in enumerate(shared_rules().buildings)
             if b.kind == "house" and not (b.effects.goods_stock or b.effects.goods_restock)][:2]
    # two more mushroom stocks: the order of ruling 19 still holds, but mushrooms grow to over a fifth of the goods
    edit(tmp_path, "buildings.yaml", both(*(put((i, "effects", "goods_stock"), "mushroom") for i in plain)))
    with pytest.raises(DataError) as err:
        load_rules(tmp_path)
    assert str(err.value).startswith("buildings.yaml") and "mushroom is 21%" in str(err.value), str(err.value)


def test_a_higher_threshold_worth_less_than_the_one_below_or_a_lone_follow_up_is_refused(tmp_path):
    """Guards issue 18: entry 60 paid 4 coins for 5 lanterns and only a follow-up (nothing, when it failed) for 7."""
    copy_tables("abovebelow", FILES, tmp_path)
    load_rules(tmp_path)  # the shipped book: more lanterns never pay less
    medium = ("entries", 59, "choices", 1, "thresholds", 0, "reward")
    hard = ("entries", 59, "choices", 1, "thresholds", 1, "reward")
    edit(tmp_path, "encounters.yaml", put(hard, {"followup": 119}))  # the old entry 60: 7 lanterns, a follow-up
    with pytest.raises(DataError) as err:
        load_rules(tmp_path)
    assert "entries[59].choices[1].thresholds[1].reward" in str(err.value) and "never pay less" in str(err.value)
    edit(tmp_path, "encounters.yaml", put(medium, {"coins": 2}))  # now worth more than 5 lanterns, but alone
    with pytest.raises(DataError) as err:
        load_rules(tmp_path)
    assert "entries[59].choices[1].thresholds[1].reward" in str(err.value) and "only a follow-up" in str(err.value)
    load_rules(tmp_path, balance=False)  # test tables may leave the yardstick out


def _book_texts():
    """Each encounter of the shipped book with its words: title, scene, labels and failure texts."""
    from boardgames.games.abovebelow.data import shared_rules

    book = shared_rules().book
    for enc in (*book.entries, *book.followups):
        parts = [enc.title, enc.text] + [c.label for c in enc.choices]
        parts += [c.failure.text for c in enc.choices if c.failure is not None]
        yield enc, " ".join(parts)


def test_the_book_repeats_no_run_of_six_words_across_encounters():
    """Guards issue 18: "...reaches the village before you do" closed three entries; bats hung from the roof
    twice; Glogo was introduced in three scenes."""
    import re

    seen: dict[str, int] = {}
    for enc, text in _book_texts():
        words = re.findall(r"[a-z']+", text.lower())
        for run in {" ".join(words[i:i + 6]) for i in range(len(words) - 5)}:
            assert seen.setdefault(run, enc.id) == enc.id, f"'{run}' in encounters {seen[run]} and {enc.id}"


def test_the_book_spells_british_and_introduces_glogo_once():
    import re

    american = re.compile(r"\b(gray|colou?red|color|center|toward)\b", re.IGNORECASE)
    introductions = []
    for enc, text in _book_texts():
        found = [w for w in american.findall(text) if w.lower() not in ("coloured",)]
        assert not found, f"encounter {enc.id}: {found}"
        if re.search(r"name[^.]*Glogo|introduces himself", text):
            introductions.append(enc.id)
    assert len(introductions) == 1, introductions


def test_fewer_than_a_third_of_the_safe_choices_pay_the_same_2_coins_for_3_lanterns():
    from boardgames.games.abovebelow.data import Reward, shared_rules

    entries = shared_rules().book.entries
    plain = [(3, Reward(coins=2))]
    same = [e.id for e in entries if [(t.lanterns, t.reward) for t in e.choices[0].thresholds] == plain]
    assert len(same) * 3 < len(entries), same
