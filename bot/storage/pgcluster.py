"""A throwaway PostgreSQL server in a temporary directory, for tests, benchmarks and trying out
the PostgreSQL store without setting one up.

    with ThrowawayCluster.start() as cluster:
        url = cluster.create_database("jantaku")      # postgresql://jantaku@127.0.0.1:PORT/jantaku
        ...

It runs the server binaries of an installed PostgreSQL (Debian's ``postgresql`` package puts them
in ``/usr/lib/postgresql/N/bin``, off ``PATH``): ``initdb`` makes a cluster in a fresh directory,
``pg_ctl`` starts it on a free loopback port with trust authentication for one superuser, and
stopping it removes the directory. Nothing outside that directory is touched, so a run of the
tests never meets a database left over from another. PostgreSQL refuses to run as root, so under
root the server runs as the ``postgres`` account the package creates (the directory is handed to
it). Durability is switched off (``fsync=off``): a throwaway server that dies loses nothing anyone
wants, and each commit stops costing a disk flush.

:func:`find_binaries` says where the binaries are, or raises :class:`ClusterUnavailable` with the
package to install.
"""

from __future__ import annotations

import contextlib
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import TracebackType

__all__ = ["ClusterUnavailable", "ThrowawayCluster", "find_binaries"]

SUPERUSER = "jantaku"
INSTALL_HINT = (
    "install the PostgreSQL server (Debian/Ubuntu: apt-get install postgresql; it provides initdb and pg_ctl)"
)

_SERVER_SETTINGS: Mapping[str, str] = {
    "listen_addresses": "127.0.0.1",
    "fsync": "off",
    "synchronous_commit": "off",
    "full_page_writes": "off",
    "max_connections": "200",
    "shared_buffers": "32MB",
    "log_min_messages": "warning",
}


class ClusterUnavailable(RuntimeError):
    """No PostgreSQL server binaries here, or the server would not start; says what to do."""


def find_binaries() -> Path:
    """The directory holding ``initdb``, ``pg_ctl`` and ``postgres``: ``$PG_BIN`` if set, else the
    newest ``/usr/lib/postgresql/N/bin``, else wherever ``PATH`` finds ``pg_ctl``."""
    candidates: list[Path] = []
    if os.environ.get("PG_BIN"):
        candidates.append(Path(os.environ["PG_BIN"]))
    debian = Path("/usr/lib/postgresql")
    if debian.is_dir():
        versions = [entry for entry in debian.iterdir() if entry.name.isdigit()]
        candidates.extend(entry / "bin" for entry in sorted(versions, key=lambda entry: -int(entry.name)))
    on_path = shutil.which("pg_ctl")
    if on_path:
        candidates.append(Path(on_path).resolve().parent)
    for folder in candidates:
        if all((folder / name).is_file() for name in ("initdb", "pg_ctl", "postgres")):
            return folder
    raise ClusterUnavailable(f"no PostgreSQL server binaries (initdb, pg_ctl) found: {INSTALL_HINT}")


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@dataclass
class ThrowawayCluster:
    """A running PostgreSQL server that exists until :meth:`stop` (or the ``with`` block ends)."""

    directory: Path
    port: int
    binaries: Path
    _owner: pwd.struct_passwd | None = field(default=None, repr=False)
    _created: list[str] = field(default_factory=list, repr=False)

    @classmethod
    def start(cls, *, settings: Mapping[str, str] | None = None) -> ThrowawayCluster:
        """Make and start a new cluster; raises :class:`ClusterUnavailable` if it cannot."""
        binaries = find_binaries()
        owner: pwd.struct_passwd | None = None
        if os.geteuid() == 0:
            try:
                owner = pwd.getpwnam("postgres")
            except KeyError as error:
                raise ClusterUnavailable(
                    "PostgreSQL will not run as root and there is no 'postgres' account to run it as: " + INSTALL_HINT
                ) from error
        directory = Path(tempfile.mkdtemp(prefix="jantaku-pg-"))
        cluster = cls(directory, _free_port(), binaries, owner)
        try:
            if owner is not None:
                os.chown(directory, owner.pw_uid, owner.pw_gid)
            cluster._run("initdb", "-D", str(cluster.data), "-U", SUPERUSER, "--auth=trust", "-E", "UTF8", "--no-sync")
            conf = {**_SERVER_SETTINGS, "port": str(cluster.port), "unix_socket_directories": str(directory)}
            conf.update(settings or {})
            with (cluster.data / "postgresql.conf").open("a", encoding="utf-8") as file:
                file.write("".join(f"{key} = '{value}'\n" for key, value in conf.items()))
            cluster._run(
                "pg_ctl", "-D", str(cluster.data), "-l", str(directory / "server.log"), "-w", "-t", "60", "start"
            )
        except BaseException:
            cluster._remove()
            raise
        return cluster

    @property
    def data(self) -> Path:
        """The cluster's data directory."""
        return self.directory / "data"

    def url(self, database: str = "postgres") -> str:
        """The ``postgresql://`` URL of one of its databases, as the superuser."""
        return f"postgresql://{SUPERUSER}@127.0.0.1:{self.port}/{database}"

    def create_database(self, name: str, *, template: str | None = None) -> str:
        """Create a database (optionally a copy of ``template``) and return its URL."""
        if not name.replace("_", "").isalnum():
            raise ValueError(f"database names here are letters, digits and underscores, not {name!r}")
        sql = f'CREATE DATABASE "{name}"' + (f' TEMPLATE "{template}"' if template else "")
        self.psql(sql)
        self._created.append(name)
        return self.url(name)

    def psql(self, sql: str, database: str = "postgres") -> str:
        """Run SQL through ``psql`` (for set-up, not for the code under test) and return its output."""
        psql = shutil.which("psql") or str(self.binaries / "psql")
        result = subprocess.run(
            [psql, "-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-c", sql, self.url(database)],
            capture_output=True,
            text=True,
            check=False,
            timeout=60,
        )
        if result.returncode != 0:
            raise ClusterUnavailable(f"psql failed: {result.stderr.strip()}")
        return result.stdout

    def stop_server(self) -> None:
        """Shut the server down (its connections drop), keeping the cluster: an outage."""
        self._run("pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "stop")

    def start_server(self) -> None:
        """Start the server again after :meth:`stop_server`, on the same port."""
        self._run("pg_ctl", "-D", str(self.data), "-l", str(self.directory / "server.log"), "-w", "-t", "60", "start")

    def stop(self) -> None:
        """Stop the server immediately and delete its directory."""
        with contextlib.suppress(ClusterUnavailable, subprocess.TimeoutExpired):
            self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")
        self._remove()

    def _remove(self) -> None:
        shutil.rmtree(self.directory, ignore_errors=True)

    def _run(self, program: str, *args: str) -> None:
        command = [str(self.binaries / program), *args]
        owner = self._owner
        result = subprocess.run(
            command,
            capture_output=True,
            text=True,
            check=False,
            timeout=120,
            cwd=self.directory,
            user=owner.pw_uid if owner is not None else None,
            group=owner.pw_gid if owner is not None else None,
            extra_groups=[] if owner is not None else None,
            env={**os.environ, "LC_ALL": "C.UTF-8", "PGTZ": "UTC"},
        )
        if result.returncode != 0:
            log = self.directory / "server.log"
            tail = log.read_text("utf-8", errors="replace")[-2000:] if log.is_file() else ""
            raise ClusterUnavailable(f"{program} failed ({result.returncode}): {result.stderr.strip()}\n{tail}")

    def __enter__(self) -> ThrowawayCluster:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self.stop()


@contextlib.contextmanager
def throwaway_database(name: str = "jantaku") -> Iterator[str]:
    """A new cluster with one empty database; yields its URL (``python -m bot --database`` can use it)."""
    with ThrowawayCluster.start() as cluster:
        yield cluster.create_database(name)
