"""The gateway websocket: HELLO, IDENTIFY per shard, READY + GUILD_CREATE, heartbeats, RESUME.

Frames are sent as plain text JSON whatever compression the client asked for: discord.py only
decompresses binary frames and parses text frames directly.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from aiohttp import WSMsgType, web

from ._util import snowflake_or_none
from .faults import RESUMABLE_CLOSE, SESSION_TIMED_OUT

if TYPE_CHECKING:
    from .models import FakeGuild
    from .server import FakeDiscord

DISPATCH, HEARTBEAT, IDENTIFY, PRESENCE, VOICE, RESUME, RECONNECT, REQUEST_MEMBERS, INVALID_SESSION = (
    0,
    1,
    2,
    3,
    4,
    6,
    7,
    8,
    9,
)
HELLO, HEARTBEAT_ACK = 10, 11
HEARTBEAT_INTERVAL_MS = 41_250

INTENT_GUILDS = 1 << 0
INTENT_GUILD_MEMBERS = 1 << 1
INTENT_GUILD_MESSAGES = 1 << 9
INTENT_DIRECT_MESSAGES = 1 << 12


@dataclass(eq=False)
class _Connection:
    ws: web.WebSocketResponse
    queue: asyncio.Queue[dict[str, Any] | None] = field(default_factory=asyncio.Queue)


@dataclass(eq=False)
class GatewaySession:
    """One identified shard session; it survives a dropped socket until the client resumes."""

    session_id: str
    shard_id: int
    shard_count: int
    intents: int
    identify: dict[str, Any]
    seq: int = 0
    events: list[dict[str, Any]] = field(default_factory=list)
    connection: _Connection | None = None
    invalid: bool = False

    @property
    def connected(self) -> bool:
        return self.connection is not None and not self.connection.ws.closed


class Gateway:
    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake
        self.sessions: dict[str, GatewaySession] = {}
        self.identifies: list[dict[str, Any]] = []
        self.resumes: list[str] = []
        self.connections = 0
        self._connections: set[_Connection] = set()
        self.dropped_shards: set[tuple[int, int]] = set()
        """(shard id, shard count) whose session an injected fault invalidated, until the
        client IDENTIFYs again."""
        self._closing: set[asyncio.Future[bool]] = set()

    # -- dispatching -------------------------------------------------------------------------

    def session_for(self, guild_id: int | None) -> GatewaySession | None:
        """The newest valid session that receives events for a guild (DMs go to shard 0).

        Routing uses each session's own shard pair, so an unsharded client (no ``shard`` in
        IDENTIFY, i.e. [0, 1]) receives every guild, and an AutoShardedClient each shard's share.
        Sessions need not be one client's: processes that each IDENTIFY some of the shards (of
        one count) get exactly their shards' guilds. A session whose client died without closing
        stays valid, as on Discord, until its shard IDENTIFYs again: its guilds' events wait in it
        (an interaction among them fails after its deadline).
        """
        candidates = [
            s
            for s in self.sessions.values()
            if not s.invalid and s.shard_id == (0 if guild_id is None else (guild_id >> 22) % s.shard_count)
        ]
        return candidates[-1] if candidates else None

    def dispatch(self, session: GatewaySession, event: str, data: dict[str, Any]) -> None:
        if session.connection is not None and (kind := self.fake.faults.gateway_drop()) is not None:
            self._drop(session, reidentify=kind == "gateway_reidentify")
        session.seq += 1
        frame = {"op": DISPATCH, "t": event, "s": session.seq, "d": data}
        session.events.append(frame)
        if session.connection is not None:
            session.connection.queue.put_nowait(frame)
        elif session.invalid and event == "INTERACTION_CREATE":
            self._lose_interaction(data)

    @property
    def sending(self) -> bool:
        """Whether some event is still queued for a connected client."""
        return any(not connection.queue.empty() for connection in self._connections)

    def dropped(self, guild_id: int | None) -> bool:
        """Whether the session for this guild was dropped by an injected fault and the client
        has not identified again yet."""
        return any(
            shard_id == (0 if guild_id is None else (guild_id >> 22) % count) for shard_id, count in self.dropped_shards
        )

    def _drop(self, session: GatewaySession, *, reidentify: bool) -> None:
        """Close the session's socket as a failing Discord does: with 4000 the client RESUMEs
        and gets what it missed; with 4009 the session is gone and it must IDENTIFY again."""
        connection = session.connection
        assert connection is not None
        session.connection = None
        connection.queue.put_nowait(None)  # stop the writer: nothing more goes out on this socket
        if reidentify:
            self._invalidate(session)
            self.dropped_shards.add((session.shard_id, session.shard_count))
        code = SESSION_TIMED_OUT if reidentify else RESUMABLE_CLOSE
        reason = b"Session timed out." if reidentify else b"Unknown error."
        task = asyncio.ensure_future(connection.ws.close(code=code, message=reason))
        self._closing.add(task)
        task.add_done_callback(self._closing.discard)

    def _invalidate(self, session: GatewaySession) -> None:
        """The session is over: nothing it holds will be resumed. Events the socket had not
        delivered are lost with it; an interaction among them goes unanswered unless the bot got
        it before (the fake cannot tell which it got, so each one not yet answered is excused)."""
        session.invalid = True
        for frame in session.events:
            if frame.get("t") == "INTERACTION_CREATE":
                self._lose_interaction(frame["d"])

    def _lose_interaction(self, data: dict[str, Any]) -> None:
        rec = self.fake.interactions.get(snowflake_or_none(data.get("id")) or 0)
        if rec is not None and not rec.acknowledged and not rec.failed:
            rec.fault = "gateway_reidentify"

    def dispatch_for(self, guild_id: int | None, event: str, data: dict[str, Any], *, intent: int = 0) -> bool:
        """Send an event to the session that owns ``guild_id``; False when none wants it."""
        session = self.session_for(guild_id)
        if session is None or (intent and not session.intents & intent):
            return False
        self.dispatch(session, event, data)
        return True

    def guild_changed(self, guild: FakeGuild, event: str, data: dict[str, Any]) -> None:
        """Tell a connected bot about a change to a guild it already knows."""
        if guild.id in self.fake.guilds:
            self.dispatch_for(guild.id, event, data, intent=INTENT_GUILDS)

    def guild_added(self, guild: FakeGuild) -> None:
        session = self.session_for(guild.id)
        if session is not None and session.intents & INTENT_GUILDS:
            self.dispatch(
                session, "GUILD_CREATE", guild.payload(all_members=bool(session.intents & INTENT_GUILD_MEMBERS))
            )

    def reconnect(self, shard_id: int | None = None, *, resume: bool = True) -> int:
        """Ask shards to reconnect (op 7). With ``resume`` discord.py RESUMEs and gets the events it
        missed; without, the session is invalidated first, so the RESUME is answered with op 9 and
        the client IDENTIFYs again (a fresh READY and GUILD_CREATEs). Returns how many were asked."""
        asked = 0
        for session in list(self.sessions.values()):
            if session.invalid or session.connection is None or shard_id not in (None, session.shard_id):
                continue
            session.connection.queue.put_nowait({"op": RECONNECT, "d": None, "s": None, "t": None})
            session.invalid = not resume
            asked += 1
        return asked

    async def close(self) -> None:
        if self._closing:
            await asyncio.wait(set(self._closing), timeout=5)
        for connection in list(self._connections):
            connection.queue.put_nowait(None)
            with contextlib.suppress(Exception):
                await connection.ws.close(code=1001, message=b"fake discord stopping")

    # -- the socket ----------------------------------------------------------------------------

    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        connection = _Connection(ws)
        self._connections.add(connection)
        self.connections += 1
        writer = asyncio.create_task(self._writer(connection), name="fakediscord-gateway-writer")
        session: GatewaySession | None = None
        connection.queue.put_nowait(
            {"op": HELLO, "d": {"heartbeat_interval": HEARTBEAT_INTERVAL_MS}, "s": None, "t": None}
        )
        try:
            async for message in ws:
                if message.type != WSMsgType.TEXT:
                    continue
                try:
                    frame = json.loads(message.data)
                except ValueError:
                    await ws.close(code=4002, message=b"Error while decoding payload.")
                    break
                session = await self._handle_frame(connection, session, frame) or session
        finally:
            connection.queue.put_nowait(None)
            await writer
            self._connections.discard(connection)
            if session is not None and session.connection is connection:
                session.connection = None
                if ws.close_code in (1000, 1001):
                    # A clean close ends the session; Discord will not resume it.
                    self._invalidate(session)
        return ws

    async def _writer(self, connection: _Connection) -> None:
        while (frame := await connection.queue.get()) is not None:
            if connection.ws.closed:
                break
            try:
                await connection.ws.send_str(json.dumps(frame))
            except (ConnectionError, RuntimeError):
                break

    async def _handle_frame(
        self, connection: _Connection, session: GatewaySession | None, frame: dict[str, Any]
    ) -> GatewaySession | None:
        op, data = frame.get("op"), frame.get("d")
        if op == HEARTBEAT:
            connection.queue.put_nowait({"op": HEARTBEAT_ACK, "d": None, "s": None, "t": None})
        elif op == IDENTIFY:
            if session is not None:
                await connection.ws.close(code=4005, message=b"Already authenticated.")
                return None
            return await self._identify(connection, data or {})
        elif op == RESUME:
            return self._resume(connection, data or {})
        elif op == REQUEST_MEMBERS:
            self._request_members(session, data or {})
        elif op in (PRESENCE, VOICE):
            pass
        else:
            await connection.ws.close(code=4001, message=b"Unknown opcode.")
        return None

    async def _identify(self, connection: _Connection, data: dict[str, Any]) -> GatewaySession | None:
        self.identifies.append(data)
        if data.get("token") != self.fake.token and data.get("token") != f"Bot {self.fake.token}":
            await connection.ws.close(code=4004, message=b"Authentication failed.")
            return None
        shard = data.get("shard") or [0, 1]
        shard_id, shard_count = shard if isinstance(shard, list) and len(shard) == 2 else (None, None)
        if not isinstance(shard_id, int) or not isinstance(shard_count, int) or not 0 <= shard_id < shard_count:
            await connection.ws.close(code=4010, message=b"Invalid shard.")
            return None
        counts = {s.shard_count for s in self.sessions.values() if not s.invalid and s.connected}
        if counts - {shard_count}:
            # Processes that disagree on the count split guilds differently: with Discord some
            # guilds would reach two of them, or none.
            self.fake.record_violation(
                "shard_count_mismatch",
                f"IDENTIFY as shard {shard_id} of {shard_count} while sessions of "
                f"{', '.join(map(str, sorted(counts - {shard_count})))} shards are connected: every "
                "process of a bot must use one shard count",
            )
        for old in self.sessions.values():
            if (old.shard_id, old.shard_count) == (shard_id, shard_count) and not old.invalid:
                self._invalidate(old)
        self.dropped_shards.discard((shard_id, shard_count))
        session = GatewaySession(secrets.token_hex(16), shard_id, shard_count, int(data.get("intents", 0)), data)
        session.connection = connection
        self.sessions[session.session_id] = session
        fake = self.fake
        guilds = [g for g in fake.guilds.values() if (g.id >> 22) % shard_count == shard_id]
        ready = {
            "v": 10,
            "user": fake.bot_user_payload(),
            "guilds": [{"id": str(g.id), "unavailable": True} for g in guilds],
            "session_id": session.session_id,
            "session_type": "normal",
            "resume_gateway_url": fake.gateway_url,
            "shard": [shard_id, shard_count],
            "application": {"id": str(fake.application_id), "flags": 0},
            "private_channels": [],
            "relationships": [],
            "presences": [],
            "guild_join_requests": [],
            "geo_ordered_rtc_regions": [],
            "user_settings": {},
            "auth": {},
        }
        self.dispatch(session, "READY", ready)
        if session.intents & INTENT_GUILDS:
            all_members = bool(session.intents & INTENT_GUILD_MEMBERS)
            for guild in guilds:
                self.dispatch(session, "GUILD_CREATE", guild.payload(all_members=all_members))
        return session

    def _resume(self, connection: _Connection, data: dict[str, Any]) -> GatewaySession | None:
        session = self.sessions.get(data.get("session_id", ""))
        if session is None or session.invalid or data.get("token") not in (self.fake.token, f"Bot {self.fake.token}"):
            connection.queue.put_nowait({"op": INVALID_SESSION, "d": False, "s": None, "t": None})
            return None
        self.resumes.append(session.session_id)
        session.connection = connection
        last_seen = data.get("seq") or 0
        for frame in session.events:
            if frame["s"] > last_seen:
                connection.queue.put_nowait(frame)
        self.dispatch(session, "RESUMED", {})
        return session

    def _request_members(self, session: GatewaySession | None, data: dict[str, Any]) -> None:
        if session is None:
            return
        guild_ids = data.get("guild_id")
        for guild_id in guild_ids if isinstance(guild_ids, list) else [guild_ids]:
            guild = self.fake.guilds.get(snowflake_or_none(guild_id) or 0)
            if guild is None:
                continue
            chunk = {
                "guild_id": str(guild.id),
                "members": [m.payload() for m in guild.members.values()],
                "chunk_index": 0,
                "chunk_count": 1,
                "not_found": [],
            }
            if data.get("nonce") is not None:
                chunk["nonce"] = data["nonce"]
            self.dispatch(session, "GUILD_MEMBERS_CHUNK", chunk)
