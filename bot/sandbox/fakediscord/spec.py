"""Validate the bot's requests against Discord's official OpenAPI 3.1 spec.

The spec is read from ``$DISCORD_OPENAPI_SPEC`` or ``<project>/../shared/discord-api-spec/openapi.json``
and is never copied into the project. It is parsed once per process; a validator is compiled
lazily per (method, path template) and cached, so starting a fake costs nothing after the first.
"""

from __future__ import annotations

import copy
import json
import os
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

PROJECT_ROOT = Path(__file__).resolve().parents[3]
_URN = "urn:discord-api-spec"
_METHODS = ("get", "put", "post", "patch", "delete")


def default_spec_path() -> Path:
    configured = os.environ.get("DISCORD_OPENAPI_SPEC")
    if configured:
        return Path(configured)
    return PROJECT_ROOT.parent / "shared" / "discord-api-spec" / "openapi.json"


@dataclass(frozen=True)
class _Template:
    path: str
    regex: re.Pattern[str]
    literals: int


def _compile(path: str) -> _Template:
    parts = path.strip("/").split("/")
    pattern = "/".join("[^/]+" if part.startswith("{") else re.escape(part) for part in parts)
    literals = sum(not part.startswith("{") for part in parts)
    return _Template(path, re.compile(f"^/{pattern}$"), literals)


def _pointer(token: str) -> str:
    return token.replace("~", "~0").replace("/", "~1")


def _short(value: Any, limit: int = 80) -> str:
    text = json.dumps(value) if not isinstance(value, str) else repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _leaves(error: Any) -> list[Any]:
    if not error.context:
        return [error]
    found = []
    for child in error.context:
        found.extend(_leaves(child))
    return found


def describe(errors: list[Any]) -> list[str]:
    """Readable messages for jsonschema errors, digging into anyOf/oneOf branches.

    Failures under a union surface at the root; the deepest leaf is the branch that got furthest,
    which is almost always the one the request meant.
    """
    messages = []
    for error in errors:
        leaves = _leaves(error)
        depth = max(len(leaf.absolute_path) for leaf in leaves)
        for leaf in [leaf for leaf in leaves if len(leaf.absolute_path) == depth][:3]:
            where = "/".join(str(p) for p in leaf.absolute_path) or "<body>"
            messages.append(
                f"{where}: {leaf.validator} {_short(leaf.validator_value, 60)} (got {_short(leaf.instance)})"
            )
    return list(dict.fromkeys(messages))


class SpecValidator:
    """Request-body validation against one spec file."""

    def __init__(self, document: dict[str, Any]) -> None:
        from jsonschema import Draft202012Validator
        from referencing import Registry, Resource
        from referencing.jsonschema import DRAFT202012

        document = copy.deepcopy(document)
        # discord.py sends some snowflakes (recipient_id, attachments[].id) as JSON ints, which
        # Discord accepts; the spec types every snowflake as a digit string.
        schemas = document["components"]["schemas"]
        snowflake = schemas["SnowflakeType"]
        schemas["SnowflakeType"] = {"anyOf": [snowflake, {"type": "integer", "minimum": 0}]}
        self._document = document
        self._registry: Any = Registry().with_resource(_URN, Resource.from_contents(document, DRAFT202012))
        self._validator_class = Draft202012Validator
        self._templates = sorted(
            (_compile(path) for path in document["paths"]), key=lambda template: -template.literals
        )
        self._validators: dict[tuple[str, str, str | None], Any] = {}

    def match(self, path: str) -> str | None:
        """The spec's path template for a concrete API path (without the /api/v10 prefix)."""
        for template in self._templates:
            if template.regex.match(path):
                return template.path
        return None

    def has_operation(self, method: str, template: str) -> bool:
        return method.lower() in self._document["paths"].get(template, {})

    def _validator(self, method: str, template: str, status: str | None = None) -> Any | None:
        """The compiled validator for a request body (``status`` None) or a response, cached."""
        key = (method, template, status)
        if key not in self._validators:
            operation = self._document["paths"][template].get(method, {})
            if status is None:
                where = ["requestBody"]
                content = operation.get("requestBody", {}).get("content", {})
            else:
                where = ["responses", status]
                content = operation.get("responses", {}).get(status, {}).get("content", {})
            if "application/json" not in content:
                self._validators[key] = None
            else:
                pointer = "/".join([_pointer(template), method, *where, "content", "application~1json", "schema"])
                self._validators[key] = self._validator_class(
                    {"$ref": f"{_URN}#/paths/{pointer}"}, registry=self._registry
                )
        return self._validators[key]

    def validate_request(self, method: str, path: str, body: Any) -> list[str]:
        """Problems with a request; an empty list when it conforms (or has no body to check)."""
        method = method.lower()
        template = self.match(path)
        if template is None or method not in self._document["paths"][template]:
            return [f"{method.upper()} {path} is not an operation in the OpenAPI spec"]
        if body is None:
            return []
        validator = self._validator(method, template)
        if validator is None:
            return [f"{method.upper()} {template} takes no JSON body, but one was sent"]
        return describe(list(validator.iter_errors(body)))

    def validate_response(self, method: str, path: str, status: int, body: Any) -> list[str]:
        """Problems with a response the fake sent (used to keep the fake's payloads realistic)."""
        template = self.match(path)
        if template is None or body is None:
            return []
        validator = self._validator(method.lower(), template, str(status))
        return describe(list(validator.iter_errors(body))) if validator is not None else []


@lru_cache(maxsize=4)
def _load(path: str, mtime: float) -> SpecValidator:
    with open(path, encoding="utf-8") as handle:
        return SpecValidator(json.load(handle))


def load_spec(path: Path | None = None) -> SpecValidator | None:
    """The validator for the spec at ``path`` (default: see module docs), or None when absent."""
    path = path or default_spec_path()
    if not path.is_file():
        return None
    return _load(str(path), path.stat().st_mtime)
