"""Random option payloads to every registered command: each gets an answer in time, none the
apology for a bug, nothing is logged as an error, and an invalid one opens and stores nothing.

The payloads are drawn by a seeded ``random.Random`` from the commands the bot synced: valid
values, and every way a client can get them wrong (a wrong type, out of range, not a choice, an
unknown, repeated or missing option, a member without its details, an unknown subcommand,
options that are not shaped as options at all). ``JANTAKU_FUZZ`` sets how many (200 by default),
``JANTAKU_FUZZ_SEED`` the seed.
"""

from __future__ import annotations

import logging
import os
import random
import string
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

import pytest

from bot.sandbox.fakediscord import FakeDiscord, FakeMember, InteractionRecord, running_bot
from bot.sandbox.players import World

from .helpers import make_bot

PAYLOADS = int(os.environ.get("JANTAKU_FUZZ", "200"))
SEED = int(os.environ.get("JANTAKU_FUZZ_SEED", "20261201"))
SUB_COMMAND, SUB_COMMAND_GROUP = 1, 2
STRING, INTEGER, BOOLEAN, USER, NUMBER = 3, 4, 5, 6, 10
INTERNAL = ("Something went wrong", "内部エラー")
LOCALES = ("en-US", "ja", "fr")


@dataclass
class Payload:
    """One slash command as a client sends it, and whether it is invalid for certain."""

    path: str
    options: list[dict[str, Any]]
    resolved: dict[str, Any] | None = None
    faults: list[str] = field(default_factory=list)

    @property
    def invalid(self) -> bool:
        return bool(self.faults)


def _leaves(spec: dict[str, Any], path: tuple[str, ...] = ()) -> list[tuple[tuple[str, ...], list[dict[str, Any]]]]:
    """Every runnable command under ``spec``: its path and its own options."""
    options = spec.get("options") or []
    subs = [option for option in options if option["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP)]
    if not subs:
        return [((*path, spec["name"]), options)]
    return [leaf for sub in subs for leaf in _leaves(sub, (*path, spec["name"]))]


def _word(rng: random.Random) -> str:
    return "".join(rng.choice(string.ascii_lowercase + "_") for _ in range(rng.randint(1, 12)))


def _junk(rng: random.Random) -> Any:
    """A value of any JSON type (and some no JSON document holds, as a client's parser might)."""
    return rng.choice(
        [
            _word(rng),
            "",
            "９",
            rng.randint(-(2**63), 2**63),
            2**53 + 1,
            rng.random() * 1e6,
            True,
            False,
            None,
            [1, 2],
            {"a": 1},
            float("nan"),
            float("inf"),
            "1" * 300,
        ]
    )


def _valid(rng: random.Random, option: dict[str, Any], member_id: int) -> tuple[Any, dict[str, Any] | None]:
    """A value Discord's client could send for the option, and the resolved data it needs."""
    if option.get("choices"):
        return rng.choice(option["choices"])["value"], None
    kind = option["type"]
    if kind == BOOLEAN:
        return rng.random() < 0.5, None
    if kind in (INTEGER, NUMBER):
        low, high = option.get("min_value", -1000), option.get("max_value", 100_000)
        return rng.choice([low, high, rng.randint(int(low), int(min(high, low + 100)))]), None
    if kind == USER:
        return str(member_id), {"users": {str(member_id): None}}  # filled in by the caller
    return rng.choice(["234567p345678s99s", "2p", "hands=4", "", _word(rng)]), None


def _wrong(rng: random.Random, option: dict[str, Any]) -> tuple[int, object, str] | None:
    """A value of the option's name that is certainly wrong: (type code, value, why)."""
    kind = option["type"]
    choices = [choice["value"] for choice in option.get("choices") or []]
    tries: list[tuple[int, object, str]] = []
    if kind == INTEGER:
        tries.append((INTEGER, rng.choice(["abc", "", 1.5, True, None, [3]]), "not an integer"))
        if "min_value" in option:
            tries.append((INTEGER, option["min_value"] - rng.randint(1, 10**12), "below the minimum"))
        if "max_value" in option:
            tries.append((INTEGER, option["max_value"] + rng.randint(1, 10**12), "above the maximum"))
        tries.append((STRING, str(rng.randint(1, 9)), "typed as text"))
    elif kind == BOOLEAN:
        tries.append((BOOLEAN, rng.choice([1, 0, "true", "on", None]), "not a boolean"))
    elif kind == STRING:
        tries.append((STRING, rng.choice([3, True, None, ["a"], {"b": 1}]), "not a string"))
        if choices:
            tries.append((STRING, "x" + _word(rng), "not a choice"))
        tries.append((INTEGER, rng.randint(0, 9), "typed as a number"))
    elif kind == USER:
        tries.append((USER, str(rng.randint(10**17, 10**18)), "no resolved member"))
        tries.append((USER, rng.choice(["Alice", "-1", "0", 12.5, None]), "not a snowflake"))
    return rng.choice(tries) if tries else None


def draw(
    rng: random.Random, commands: list[tuple[tuple[str, ...], list[dict[str, Any]]]], member: FakeMember
) -> Payload:
    roll = rng.random()
    if roll < 0.05:
        return Payload(f"mahjong {_word(rng)}", [], faults=["unknown subcommand"])
    if roll < 0.07:
        return Payload(_word(rng), [], faults=["unknown command"])
    if roll < 0.09:
        return Payload("mahjong", [], faults=["a group run without a subcommand"])
    if roll < 0.11:
        garbage: list[Any] = rng.choice([[{"type": 4, "value": 3}], [{"name": 3, "type": 4, "value": 3}]])
        return Payload("mahjong new", garbage, faults=["options not shaped as options"])
    if roll < 0.13:
        snowflake = str(rng.randint(10**17, 10**18))
        unreadable = {"users": {snowflake: rng.choice([{}, {"id": snowflake}, {"username": 3}])}}
        options = [{"name": "member", "type": USER, "value": snowflake}]
        return Payload("mahjong stats", options, unreadable, faults=["resolved data discord.py cannot read"])
    path, specs = rng.choice(commands)
    payload = Payload(" ".join(path), [])
    resolved: dict[str, Any] = {}
    for spec in specs:
        include = spec.get("required") or rng.random() < 0.35
        if not include:
            continue
        if spec.get("required") and rng.random() < 0.08:
            payload.faults.append(f"required {spec['name']} left out")
            continue
        if rng.random() < 0.25 and (wrong := _wrong(rng, spec)) is not None:
            kind, value, why = wrong
            payload.options.append({"name": spec["name"], "type": kind, "value": value})
            payload.faults.append(f"{spec['name']} {why}")
            continue
        value, needs = _valid(rng, spec, member.id)
        if needs is not None:
            resolved.setdefault("users", {})[str(member.id)] = member.user.payload()
        payload.options.append({"name": spec["name"], "type": spec["type"], "value": value})
    if rng.random() < 0.12:
        name = "zz_" + _word(rng)
        payload.options.append({"name": name, "type": rng.choice([STRING, INTEGER, BOOLEAN]), "value": _junk(rng)})
        payload.faults.append(f"unknown option {name}")
    if payload.options and rng.random() < 0.06:
        payload.options.append(dict(rng.choice(payload.options)))
        payload.faults.append("an option given twice")
    rng.shuffle(payload.options)
    payload.resolved = resolved or None
    return payload


def _answered(record: InteractionRecord) -> bool:
    return record.message is not None and not record.message.loading


async def test_random_option_payloads_to_every_command_are_answered_and_invalid_ones_change_nothing(
    fake_discord: FakeDiscord, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    world = World.build(fake_discord, "Alice")
    (alice,) = world.members
    rng = random.Random(SEED)
    async with running_bot(fake_discord, make_bot(fake_discord, tmp_path / "db.sqlite3")) as bot:
        (mahjong,) = fake_discord.commands()
        commands = _leaves(mahjong)
        assert len(commands) >= 14  # every subcommand
        sent: dict[str, int] = {}
        invalid = 0
        for _ in range(PAYLOADS):
            payload = draw(rng, commands, alice)
            sent[payload.path] = sent.get(payload.path, 0) + 1
            stored_lobbies = len(await bot.store.tables.lobbies())
            locale = rng.choice(LOCALES)
            record = await alice.slash_raw(
                world.channel, payload.path, options=payload.options, resolved=payload.resolved, locale=locale
            )
            await record.wait_response()
            assert record.acknowledged and not record.failed, (payload, record.errors)
            if record.deferred:
                await fake_discord.wait_for(partial(_answered, record))
            assert record.message is not None, payload
            assert not any(apology in record.message.text for apology in INTERNAL), (payload, record.message.text)
            if payload.invalid:
                invalid += 1
                assert record.message.ephemeral, (payload, record.message.text)
                assert not bot.runtime.channel_busy(world.channel.id), payload
                assert len(await bot.store.tables.lobbies()) == stored_lobbies, payload
            elif bot.runtime.lobbies.has(world.channel.id):
                # A valid /mahjong new opened a lobby: close it, so the next one may open too.
                await bot.runtime.close_lobby(bot.runtime.lobbies.in_channel(world.channel.id))
            assert not bot.runtime.tables.in_channel(world.channel.id), payload
        errors = [f"{r.name}: {r.getMessage()}" for r in caplog.records if r.levelno >= logging.ERROR]
        assert errors == []
        assert invalid >= PAYLOADS // 4
        if PAYLOADS >= 200:
            assert {" ".join(path) for path, _ in commands} <= set(sent), sorted(sent)
