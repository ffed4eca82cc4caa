"""The web app of ``mammoth serve``: the position page, the loader's checks, the analyses.

A Starlette application (ASGI; uvicorn serves it, :mod:`experiments.serve.command`) behind one
guard (:class:`Guard`) that every request passes first, as Jupyter's server does:

- the Host header must name this server (``127.0.0.1``, ``localhost`` or ``[::1]`` with its
  port, the ``--host`` given, or with ``--host`` an IP address): another name is a page of
  another site reaching this one through DNS rebinding, and gets 403;
- the token (``?token=T`` or ``Authorization: Bearer T``) must be the server's: else 403;
- a body over :data:`MAX_BODY` bytes gets 413, read no further.

Routes (JSON answers; a refusal is ``{"problems": [{"field": ..., "message": ...}]}``):

- ``GET /``: the position page
  (:func:`experiments.shared.report_position_page.position_page`, served).
- ``POST /api/check``: a position file's TOML as the body; 200 with its problems, each the
  loader's own (:func:`sim.position_read.position_problems`), empty for a sound position.
- ``GET /api/analyses``; ``POST /api/analyses`` (``position``: the TOML, ``playouts``,
  ``seed``, ``field``, ``stop``, ``chunk_size``); ``GET /api/analyses/ID`` (its state and, once
  done, its files); ``POST /api/analyses/ID/cancel``; ``POST /api/analyses/ID/resume``
  (:class:`experiments.serve.command_jobs.Analyses`).
"""

from __future__ import annotations

import contextlib
import hmac
import ipaddress
import json
from functools import cache
from urllib.parse import parse_qs

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse
from starlette.routing import Route

from experiments.serve.command_jobs import Analyses
from experiments.shared.limits import MAX_GAMES
from experiments.shared.questions import command_named
from experiments.shared.report_position_page import position_page
from sim.errors import InputError
from sim.position_fields import problem_parts
from sim.position_read import document_of_text, position_problems
from sim.rules import Rules
from strategies.registry import resolve

MAX_BODY = 1024 * 1024
"""The largest request body read (1 MiB); a larger one gets 413."""
LOCAL_HOSTS = ("127.0.0.1", "localhost", "[::1]")
MAX_CHUNK = 10_000


@cache
def analyse_default(option: str):
    """The default of one of ``mammoth analyse``'s options (the served analyses' too): the
    command is found by its name, as the analyses run it (:mod:`experiments.serve.command_jobs`)."""
    analyse = command_named("analyse")
    return next(p.default for p in analyse.params if option in getattr(p, "opts", ()))


def problems(lines: list[str]) -> list[dict]:
    """The loader's problem lines as ``{"field": ..., "message": ...}`` records."""
    return [dict(zip(("field", "message"), problem_parts(line), strict=True)) for line in lines]


def refusal(status: int, message: str, field: str = "") -> JSONResponse:
    """A refusal: ``status`` with one problem."""
    return JSONResponse({"problems": [{"field": field, "message": message}]}, status_code=status)


def allowed_hosts(host: str, port: int) -> set[str]:
    """The Host headers this server answers: the local names and ``host``, with the port."""
    names = {*LOCAL_HOSTS, host if ":" not in host else f"[{host}]"}
    return {f"{name}:{port}" for name in names} | ({*names} if port == 80 else set())


def _ip_host(host: str, port: int) -> bool:
    """Whether a Host header is an IP address with this server's port (no name to rebind)."""
    name, _, given = host.rpartition(":")
    if given != str(port):
        return False
    try:
        ipaddress.ip_address(name.strip("[]"))
    except ValueError:
        return False
    return True


class Guard:
    """ASGI middleware: the Host header, the token and the body's size, before the app.

    Parameters
    ----------
    app : ASGI app
        What a request that passes reaches.
    token : str
        The server's token.
    hosts : set of str
        The Host headers answered (:func:`allowed_hosts`).
    any_ip_port : int or None
        With ``--host`` opening the server to a network: its port, on which a Host header that
        is an IP address is answered too (a phone opens the computer's address).
    """

    def __init__(self, app, token: str, hosts: set[str], any_ip_port: int | None = None):
        self.app = app
        self.token = token
        self.hosts = {h.lower() for h in hosts}
        self.any_ip_port = any_ip_port

    async def __call__(self, scope, receive, send):
        if scope["type"] == "lifespan":
            return await self.app(scope, receive, send)
        if scope["type"] != "http":  # no websockets
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        host = headers.get("host", "").lower()
        ip_ok = self.any_ip_port is not None and _ip_host(host, self.any_ip_port)
        if host not in self.hosts and not ip_ok:
            return await refusal(403, f"this server does not answer for the host {host!r}")(
                scope, receive, send
            )
        if not self._token_ok(scope, headers):
            return await refusal(403, "a missing or wrong token (open the URL the server printed)")(
                scope, receive, send
            )
        length = headers.get("content-length", "0")
        if not length.isdigit() or int(length) > MAX_BODY:
            return await refusal(413, f"the body is larger than {MAX_BODY:,} bytes")(
                scope, receive, send
            )
        body, more = bytearray(), True
        while more:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            body += message.get("body", b"")
            more = message.get("more_body", False)
            if len(body) > MAX_BODY:
                return await refusal(413, f"the body is larger than {MAX_BODY:,} bytes")(
                    scope, receive, send
                )
        sent = False

        async def replay():
            nonlocal sent
            if sent:
                return await receive()
            sent = True
            return {"type": "http.request", "body": bytes(body), "more_body": False}

        return await self.app(scope, replay, send)

    def _token_ok(self, scope, headers: dict) -> bool:
        given = parse_qs(scope.get("query_string", b"").decode("latin-1")).get("token", [""])[-1]
        bearer = headers.get("authorization", "")
        if bearer.lower().startswith("bearer "):
            given = bearer[7:].strip()
        return hmac.compare_digest(given.encode("utf-8", "replace"), self.token.encode("utf-8"))


def _text(body: bytes) -> str:
    try:
        return body.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(f"the position is not UTF-8 text ({exc.reason})") from None


def check_text(text: str) -> list[dict]:
    """Every problem of a position file's text, the loader's own (empty: sound)."""
    try:
        document = document_of_text(text)
    except InputError as exc:
        return problems([str(exc)])
    rules = document.get("rules") if isinstance(document, dict) else None
    if isinstance(rules, dict) and rules.get("tiles", "default") != "default":
        return [
            {
                "field": "rules.tiles",
                "message": "the served page plays the default tile set; analyse a position "
                "with a tile file of its own with `mammoth analyse`",
            }
        ]
    return problems(position_problems(document)[1])


def _whole(settings: dict, key: str, low: int, high: int, default: int) -> int:
    value = settings.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise InputError(f"{key} must be a whole number from {low:,} to {high:,}, not {value!r}")
    return value


def analysis_request(settings) -> tuple[str, dict]:
    """The position's text and the checked request of ``POST /api/analyses``.

    Raises
    ------
    InputError
        A setting out of bounds or of the wrong type, or an unknown field strategy.
    """
    if not isinstance(settings, dict):
        raise InputError("the request must be a JSON object")
    unknown = set(settings) - {"position", "playouts", "seed", "field", "stop", "chunk_size"}
    if unknown:
        raise InputError(f"unknown settings: {', '.join(sorted(unknown))}")
    text = settings.get("position")
    if not isinstance(text, str):
        raise InputError("position must be the position file's text")
    field = settings.get("field", analyse_default("--field"))
    if not isinstance(field, str):
        raise InputError(f"field must be a strategy's name, not {field!r}")
    resolve(field)
    stop = settings.get("stop", True)
    if not isinstance(stop, bool):
        raise InputError(f"stop must be true or false, not {stop!r}")
    request = {
        "playouts": _whole(settings, "playouts", 1, MAX_GAMES, analyse_default("--playouts")),
        "seed": _whole(settings, "seed", 0, 2**63 - 1, 0),
        "field": field,
        "stop": stop,
        "chunk_size": _whole(settings, "chunk_size", 1, MAX_CHUNK, analyse_default("--chunk-size")),
    }
    return text, request


def make_app(token: str, hosts: set[str], analyses: Analyses, any_ip_port: int | None = None):
    """The app behind its :class:`Guard`.

    Parameters
    ----------
    token : str
        The token every request must give.
    hosts : set of str
        The Host headers answered (:func:`allowed_hosts`).
    analyses : Analyses
        The run folders' queue (closed when the app shuts down).
    any_ip_port : int, optional
        See :class:`Guard`.

    Returns
    -------
    ASGI application
    """
    page = position_page(Rules(), 4, served=True)

    def index(request: Request):
        return HTMLResponse(page, headers={"Cache-Control": "no-store"})

    async def check(request: Request):
        try:
            text = _text(await request.body())
        except InputError as exc:
            return JSONResponse({"problems": problems([str(exc)])})
        return JSONResponse({"problems": await run_in_threadpool(check_text, text)})

    def listing(request: Request):
        return JSONResponse({"analyses": analyses.listing()})

    async def submit(request: Request):
        try:
            text, settings = analysis_request(json.loads(_text(await request.body())))
        except json.JSONDecodeError as exc:
            return refusal(400, f"the request is not JSON: {exc}")
        except InputError as exc:
            return refusal(400, str(exc))
        found = await run_in_threadpool(check_text, text)
        if found:
            return JSONResponse({"problems": found}, status_code=422)
        ident = analyses.submit(text, settings)
        return JSONResponse(analyses.status(ident), status_code=202)

    def one(request: Request):
        try:
            return JSONResponse(analyses.result(request.path_params["ident"]))
        except KeyError:
            return refusal(404, "no such analysis")

    def act(request: Request):
        ident, action = request.path_params["ident"], request.path_params["action"]
        try:
            if action == "cancel":
                analyses.cancel(ident)
            elif action == "resume":
                analyses.resume(ident)
            else:
                return refusal(404, f"no action {action!r}: cancel or resume")
            return JSONResponse(analyses.status(ident))
        except KeyError:
            return refusal(404, "no such analysis")
        except InputError as exc:
            return refusal(409, str(exc))

    @contextlib.asynccontextmanager
    async def lifespan(app):
        try:
            yield
        finally:
            analyses.close()

    app = Starlette(
        routes=[
            Route("/", index),
            Route("/api/check", check, methods=["POST"]),
            Route("/api/analyses", listing, methods=["GET"]),
            Route("/api/analyses", submit, methods=["POST"]),
            Route("/api/analyses/{ident}", one, methods=["GET"]),
            Route("/api/analyses/{ident}/{action}", act, methods=["POST"]),
        ],
        lifespan=lifespan,
    )
    return Guard(app, token, hosts, any_ip_port)


__all__ = ["MAX_BODY", "Guard", "allowed_hosts", "analysis_request", "check_text", "make_app"]
