"""Faults the fake injects on purpose, by seed and rate: what Discord does on a bad day.

``fake.inject(Faults(seed=7, rate_limit=0.05, server_error=0.03, ...))`` arms a plan; every
request (and gateway event) after that draws from one seeded random stream whether it meets a
fault. Each request meets at most one fault, and a request that already met one (the same
method, path and body, as a retry sends it) passes the next time, so a retry always gets
through and a test pays for each fault once. :attr:`FaultInjector.injected` counts what was
injected, by kind; :attr:`FaultInjector.consequences` lists what followed from a fault and is
not the bot's fault (an interaction lost with a dropped gateway session, the ``40060`` a
retried callback meets when its first attempt had taken effect).

Kinds (the keys of ``injected``):

* ``rate_limit`` / ``global_rate_limit``: 429 with ``Retry-After``, ``X-RateLimit-*`` headers
  and a ``{"retry_after", "global"}`` body, as Discord sends them (discord.py sleeps and retries).
* ``server_error_before`` / ``server_error_after``: a 500, 502 or 503 before the request took
  effect, or after (the message was created or edited, the answer is still an error).
* ``slow``: the answer comes ``slow_seconds`` late (on the machine's clock, or the fake's with
  ``slow_on_clock``).
* ``gateway_resume``: the socket closes with 4000; the client reconnects and RESUMEs, and gets
  the events it missed. ``gateway_reidentify``: it closes with 4009 (session timed out); the
  RESUME is answered with op 9 ``d=false`` and the client IDENTIFYs again; events sent while it
  was away are lost, as on Discord.
* ``callback_error_before`` / ``callback_error_after`` / ``callback_drop_before`` /
  ``callback_drop_after``: an interaction callback answered with a 5xx, or whose connection is
  closed without an answer, before or after the callback took effect.
"""

from __future__ import annotations

import hashlib
import json
import math
import random
import time
from collections import Counter
from collections.abc import Collection
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

from aiohttp import web

from ._util import json_response

if TYPE_CHECKING:
    from .models import RequestRecord

CALLBACK_ROUTE = "POST /interactions/{interaction_id}/{interaction_token}/callback"
FaultKind = Literal[
    "rate_limit",
    "global_rate_limit",
    "server_error_before",
    "server_error_after",
    "slow",
    "gateway_resume",
    "gateway_reidentify",
    "callback_error_before",
    "callback_error_after",
    "callback_drop_before",
    "callback_drop_after",
]
RESUMABLE_CLOSE = 4000
"""``Unknown error``: discord.py reconnects and RESUMEs."""
SESSION_TIMED_OUT = 4009
"""``Session timed out``: the session cannot be resumed; the client must IDENTIFY again."""


@dataclass(frozen=True)
class Faults:
    """A fault plan: the chance, per request (or per gateway event), of each fault.

    ``routes`` limits REST faults to some routes, spelled ``"METHOD /template"`` as in
    ``RequestRecord.route`` (``"POST /channels/{channel_id}/messages"``); None means every
    route. Interaction callbacks meet only ``callback_failure`` and ``slow`` (Discord exempts them
    from the global rate limit), every other route only the other REST kinds.

    Whether a fault strikes is drawn at random; its variant is taken in turn, so a few faults
    cover every variant: server errors cycle through ``server_error_statuses`` and before/after
    the effect, callback failures through error-before, drop-after, error-after, drop-before,
    gateway drops between RESUME and re-IDENTIFY (the turns carry on when a new plan is armed).
    """

    seed: int = 0
    rate_limit: float = 0.0
    global_rate_limit: float = 0.0
    retry_after: float = 0.1
    """Seconds a 429 asks to wait (the body's ``retry_after``; ``Retry-After`` rounds up)."""
    server_error: float = 0.0
    server_error_statuses: tuple[int, ...] = (500, 502, 503)
    slow: float = 0.0
    slow_seconds: float = 0.3
    slow_on_clock: bool = False
    """Count ``slow_seconds`` on the fake's clock rather than the machine's: on a manual clock the
    late answer then comes only once a test advances the clock that far, however long that takes
    (a request held back for exactly as long as a test needs)."""
    gateway_drop: float = 0.0
    """Per dispatched gateway event: the socket closes before the event is sent."""
    callback_failure: float = 0.0
    routes: Collection[str] | None = None
    limit: int | None = None
    """At most this many faults of all kinds from when the plan is armed (None: no limit)."""

    def __post_init__(self) -> None:
        rates = (self.rate_limit, self.global_rate_limit, self.server_error, self.slow)
        if any(not 0.0 <= rate <= 1.0 for rate in (*rates, self.gateway_drop, self.callback_failure)):
            raise ValueError("fault rates are probabilities between 0 and 1")
        if sum(rates) > 1.0 or self.callback_failure + self.slow > 1.0:
            raise ValueError("the REST fault rates add up to more than 1")
        if not all(500 <= status < 600 for status in self.server_error_statuses):
            raise ValueError("server errors are 5xx statuses")


@dataclass(frozen=True)
class RestFault:
    """What one request meets: its kind, and for errors the status and whether it took effect."""

    kind: FaultKind
    status: int = 0
    after_effect: bool = False
    drop: bool = False


@dataclass
class FaultInjector:
    """Draws faults from a plan; counts them. ``fake.faults`` is one (idle without a plan)."""

    plan: Faults | None = None
    injected: Counter[str] = field(default_factory=Counter)
    consequences: list[str] = field(default_factory=list)
    """What followed from an injected fault and is expected, not a violation."""
    _rngs: dict[str, random.Random] = field(default_factory=dict)
    """One random stream per family (rest, callback, gateway): how many callbacks meet a fault
    does not depend on how the other requests interleave with them."""
    _met: set[str] = field(default_factory=set)
    """Requests (method, path, body digest) that met a fault: their retries pass."""
    _callbacks_failed: set[int] = field(default_factory=set)
    """Interactions whose callback met a fault (one failure per interaction)."""
    _armed_at: int = 0
    """:attr:`total` when the plan was armed: its ``limit`` counts from there."""
    _turns: Counter[str] = field(default_factory=Counter)
    """How many faults of each family were injected: which variant comes next."""

    def arm(self, plan: Faults | None) -> None:
        self.plan = plan
        self._armed_at = self.total
        seed = plan.seed if plan is not None else 0
        self._rngs = {family: random.Random(f"{seed}:{family}") for family in ("rest", "callback", "gateway")}

    @property
    def total(self) -> int:
        return sum(self.injected.values())

    def summary(self) -> str:
        """``kind=count`` pairs, for test output."""
        return ", ".join(f"{kind}={count}" for kind, count in sorted(self.injected.items())) or "no faults"

    def _exhausted(self) -> bool:
        plan = self.plan
        return plan is None or (plan.limit is not None and self.total - self._armed_at >= plan.limit)

    def _count(self, kind: FaultKind) -> None:
        self.injected[kind] += 1

    @staticmethod
    def request_key(ctx: RequestRecord) -> str:
        body = json.dumps(ctx.body, sort_keys=True, default=str).encode()
        for upload in ctx.files:
            body += upload.data
        return f"{ctx.method} {ctx.path} {hashlib.blake2b(body, digest_size=16).hexdigest()}"

    def for_request(self, ctx: RequestRecord, interaction_id: int | None) -> RestFault | None:
        """The fault this request meets, if any (drawn once per request)."""
        plan = self.plan
        if plan is None or self._exhausted() or ctx.route is None:
            return None
        route = f"{ctx.method} {ctx.route}"
        if plan.routes is not None and route not in plan.routes:
            return None
        if route == CALLBACK_ROUTE:
            if interaction_id is None or interaction_id in self._callbacks_failed:
                return None
            draw = self._rngs["callback"].random()
            if draw >= plan.callback_failure:
                if draw - plan.callback_failure < plan.slow:
                    self._callbacks_failed.add(interaction_id)
                    self._count("slow")
                    return RestFault("slow")
                return None
            self._callbacks_failed.add(interaction_id)
            turn = self._turn("callback")
            drop, after = ((False, False), (True, True), (False, True), (True, False))[turn % 4]
            kind: FaultKind = (
                ("callback_drop_after" if after else "callback_drop_before")
                if drop
                else ("callback_error_after" if after else "callback_error_before")
            )
            self._count(kind)
            return RestFault(kind, self._status(turn), after, drop)
        key = self.request_key(ctx)
        if key in self._met:
            return None
        draw = self._rngs["rest"].random()
        fault: RestFault | None = None
        if draw < plan.rate_limit:
            fault = RestFault("rate_limit")
        elif (draw := draw - plan.rate_limit) < plan.global_rate_limit:
            fault = RestFault("global_rate_limit")
        elif (draw := draw - plan.global_rate_limit) < plan.server_error:
            turn = self._turn("server_error")
            after = turn % 2 == 1
            fault = RestFault("server_error_after" if after else "server_error_before", self._status(turn), after)
        elif draw - plan.server_error < plan.slow:
            fault = RestFault("slow")
        if fault is None:
            return None
        self._met.add(key)
        self._count(fault.kind)
        return fault

    def is_retry(self, ctx: RequestRecord) -> bool:
        """Whether this request repeats one that met a fault (discord.py retries 5xx and 429)."""
        return self.plan is not None and self.request_key(ctx) in self._met

    def gateway_drop(self) -> FaultKind | None:
        """Whether the socket drops before the next gateway event, and how."""
        plan = self.plan
        if plan is None or self._exhausted() or plan.gateway_drop <= 0:
            return None
        if self._rngs["gateway"].random() >= plan.gateway_drop:
            return None
        kind: FaultKind = "gateway_reidentify" if self._turn("gateway") % 2 else "gateway_resume"
        self._count(kind)
        return kind

    def _turn(self, family: str) -> int:
        turn = self._turns[family]
        self._turns[family] += 1
        return turn

    def _status(self, turn: int) -> int:
        assert self.plan is not None
        statuses = self.plan.server_error_statuses
        return statuses[turn % len(statuses)]

    def callback_faulted(self, interaction_id: int) -> bool:
        """Whether this interaction's callback met a fault."""
        return interaction_id in self._callbacks_failed

    # -- answers --------------------------------------------------------------------------------

    def rate_limited(self, ctx: RequestRecord, *, is_global: bool) -> web.Response:
        """A 429 as Discord sends it; discord.py reads ``retry_after`` and ``global`` from the
        body, the bucket hash from ``X-RateLimit-Bucket``, and needs a ``Via`` header (a 429
        without one is Cloudflare's ban, which discord.py does not retry)."""
        assert self.plan is not None
        retry_after = self.plan.retry_after
        body = {"message": "You are being rate limited.", "retry_after": retry_after, "global": is_global}
        headers = {"Retry-After": str(max(1, math.ceil(retry_after))), "Via": "1.1 google"}
        if is_global:
            body["code"] = 0
            headers.update({"X-RateLimit-Global": "true", "X-RateLimit-Scope": "global"})
        else:
            bucket = hashlib.blake2b((ctx.route or "").encode(), digest_size=16).hexdigest()
            headers.update(
                {
                    "X-RateLimit-Limit": "5",
                    "X-RateLimit-Remaining": "0",
                    "X-RateLimit-Reset": f"{time.time() + retry_after:.3f}",
                    "X-RateLimit-Reset-After": f"{retry_after:.3f}",
                    "X-RateLimit-Bucket": bucket,
                    "X-RateLimit-Scope": "user",
                }
            )
        response = json_response(body, status=429)
        response.headers.update(headers)
        return response

    @staticmethod
    def server_error(status: int) -> web.Response:
        messages = {500: "500: Internal Server Error", 502: "502: Bad Gateway", 503: "503: Service Unavailable"}
        return json_response({"message": messages.get(status, f"{status}: Server Error"), "code": 0}, status=status)
