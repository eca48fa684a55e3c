"""The events of today's engine written the way the engine that recorded the corpus wrote them.

The corpus (:mod:`bench.corpus`) was recorded before the hand engine was shared, when each
variant wrote its own events as ``Event(type, data)`` with its own shapes (a win looked
different in each variant). Today's events are typed and shared; this module writes them back
in the recorded form, so the corpus check proves that they carry the same information. It is
the one place that knows the old shapes, which is why it branches on the variant.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.engine.events import Event, event_to_json
from bot.engine.game import Game

__all__ = ["LEGACY_VARIANTS", "legacy_events"]

LEGACY_VARIANTS = frozenset({"nishoku", "inage", "zuno"})
"""The variants recorded before the shared engine; a later variant's corpus holds today's events."""

_CHIP_NAMES = {"red": "赤", "ippatsu": "一発", "ura": "裏", "zerohatsu": "零発"}


def _old(kind: str, data: dict[str, Any], visible_to: list[int] | None = None) -> dict[str, Any]:
    return {"type": kind, "data": data, "visible_to": visible_to}


def _yaku(lines: Sequence[dict[str, Any]], *, detail: bool = False) -> list[list[Any]]:
    if detail:
        return [[line["name"], line["han"], line["yakuman"], line["detail"]] for line in lines]
    return [[line["name"], line["han"], line["yakuman"]] for line in lines]


def _hand_start(variant: str, data: dict[str, Any]) -> dict[str, Any]:
    common = {key: data[key] for key in ("hand", "round", "dealer", "points")}
    if variant == "inage":
        return {
            **common,
            "starter": data["dealer"],
            "pool_sha256": data["wall_sha256"],
            "dora": data["dora_indicators"],
        }
    if variant == "zuno":
        keys = ("honba", "deposits", "dice", "wareme", "wall_sha256", "chips", "dora_indicators")
        return {**common, **{key: data[key] for key in keys}}
    return {**common, "wall_sha256": data["wall_sha256"]}


def _called(variant: str, data: dict[str, Any]) -> dict[str, Any]:
    meld = data["meld"]
    if variant == "zuno":
        if data["source"] == "hand":
            return _old("kan", {"seat": data["seat"], "type": meld, "tiles": data["tiles"], "from": None})
        keys = {
            "seat": data["seat"],
            "type": meld,
            "from": data["from"],
            "tiles": data["tiles"],
            "called": data["called"],
        }
        return _old("call", keys)
    if meld == "pon":
        pon = {key: data[key] for key in ("seat", "from", "tiles", "called")}
        if variant == "inage":
            pon["set_aside"] = data["source"] == "set_aside"
        return _old("pon", pon)
    kan = {"seat": data["seat"], "type": meld, "tiles": data["tiles"]}
    if meld == "minkan":
        kan["from"] = data["from"]
    return _old("kan", kan)


def _hand_end(variant: str, data: dict[str, Any]) -> list[dict[str, Any]]:
    wins, draw = data["wins"], data["draw"]
    if draw is not None:
        fields = {"tenpai": draw["tenpai"], "hands": draw["hands"], "changes": data["changes"]}
        if variant == "zuno":
            fields["chip_changes"] = data["chip_changes"]
        return [_old("exhaustive_draw", fields)]
    first = wins[0]
    if variant == "nishoku":
        keys = {
            "winner": first["winner"],
            "from": first["from"],
            "tile": first["tile"],
            "hand": first["hand"],
            "han": first["han"],
            "points": first["points"],
            "yaku": _yaku(first["yaku"]),
            "changes": data["changes"],
        }
        return [_old("win", keys)]
    if variant == "inage":
        keys = {
            "winner": first["winner"],
            "winners": [win["winner"] for win in wins],
            "wins": [{"winner": win["winner"], "from": win["from"], "points": win["points"]} for win in wins],
            "from": first["from"],
            "tile": first["tile"],
            "hand": first["hand"],
            "han": first["han"],
            "points": first["points"],
            "yaku": _yaku(first["yaku"], detail=True),
            "ura": first["ura_indicators"],
            "changes": data["changes"],
        }
        return [_old("win", keys)]
    summaries = [_zuno_agari(win, data) for win in wins]
    keys = {
        "winner": first["winner"],
        "from": first["from"],
        "han": first["han"],
        "points": first["points"],
        "yaku": summaries[0]["yaku"],
        "changes": data["changes"],
        "chip_changes": data["chip_changes"],
        "wins": summaries,
        "tobi": data["tobi"],
    }
    return [*(_old("agari", summary) for summary in summaries), _old("win", keys)]


def _zuno_agari(win: dict[str, Any], data: dict[str, Any]) -> dict[str, Any]:
    hand = list(win["hand"])
    if win["from"] is not None:
        hand.remove(win["tile"])  # a ずーの ron leaves the tile in the river
    return {
        "winner": win["winner"],
        "from": win["from"],
        "tile": win["tile"],
        "as_kind": win["as_kind"],
        "hand": sorted(hand),
        "han": win["han"],
        "fu": win["fu"],
        "yakuman": win["yakuman"],
        "limit": win["limit"],
        "yaku": _yaku(win["yaku"]),
        "chips": {_CHIP_NAMES[name]: count for name, count in win["chips"].items()},
        "inazuma": win["inazuma"],
        "wareme": win["wareme"],
        "points": win["points"],
        "point_changes": win["point_changes"],
        "chip_changes": win["chip_changes"],
    }


def _one(variant: str, event: Event) -> list[dict[str, Any]]:
    wire = event_to_json(event)
    kind, data, visible_to = wire["type"], wire["data"], wire["visible_to"]
    if kind == "hand_start":
        return [_old(kind, _hand_start(variant, data))]
    if kind == "draw":
        fields = {"seat": data["seat"], "tile": data["tile"]}
        if variant == "zuno":
            fields["rinshan"] = data["replacement"]
        return [_old(kind, fields, visible_to)]
    if kind == "drew":
        fields = {"seat": data["seat"], "tiles_left": data["tiles_left"]}
        if variant == "inage":
            fields["replacement"] = data["replacement"]
        elif variant == "zuno":
            fields["rinshan"] = data["replacement"]
        return [_old(kind, fields)]
    if kind == "discard":
        fields = {key: data[key] for key in ("seat", "tile", "riichi", "tsumogiri")}
        if variant == "zuno":
            fields["phase"] = "C" if data["after_call"] else "S"
        return [_old(kind, fields)]
    if kind == "call":
        return [_called(variant, data)]
    if kind == "dora":
        if variant == "zuno":
            return [_old(kind, {"indicator": data["indicator"]})]
        return [_old(kind, {"tile": data["indicator"], "indicators": data["indicators"]})]
    if kind == "hand_end":
        return _hand_end(variant, data)
    if kind == "wall_revealed" and variant == "inage":
        return [_old("pool_revealed", {"hand": data["hand"], "salt": data["salt"]})]
    if kind == "game_end":
        keys = ["points", "placements", "reason"]
        if variant == "zuno":
            keys += ["chips", "final_scores", "tobi", "penalties"]
        return [_old(kind, {key: data[key] for key in keys})]
    if kind == "claim":
        return [_old(kind, {"seat": data["seat"], "type": data["claim"]}, visible_to)]
    if kind == "lock":
        return [_old(kind, {key: value for key, value in data.items() if value is not None}, visible_to)]
    return [_old(kind, data, visible_to)]


def legacy_events(game: Game, events: Sequence[Event]) -> list[dict[str, Any]]:
    """``events`` as the recording engine wrote them (today's form for a later variant)."""
    if game.variant not in LEGACY_VARIANTS:
        return [event_to_json(event) for event in events]
    written: list[dict[str, Any]] = []
    for event in events:
        old = _one(game.variant, event)
        if event.type == "hand_end" and game.variant == "zuno" and old[-1]["type"] == "win":
            # ずーの wrote each win's 'agari' before the failed 借りイナズマ it caused, then the summary.
            failed: list[dict[str, Any]] = []
            while written and written[-1]["type"] == "kari_inazuma_failed":
                failed.insert(0, written.pop())
            written += [*old[:-1], *failed, old[-1]]
        else:
            written += old
    return written
