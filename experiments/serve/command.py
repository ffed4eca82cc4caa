"""``mammoth serve``: a local web app to enter, check and analyse a position in one page.

The server is uvicorn serving a Starlette app (:mod:`experiments.serve.command_app`): a
well-kept ASGI server and toolkit, so the HTTP parsing, the limits of a request's head and the
shutdown on a signal are theirs, and the app's test client runs its routes without a socket.
It binds ``127.0.0.1`` unless ``--host`` says otherwise, and every request needs the random
token of the URL it prints (as Jupyter's server does). Analyses are run folders under ``--out``
(:mod:`experiments.serve.command_jobs`).
"""

from __future__ import annotations

import ipaddress
import secrets
import socket
import threading
import webbrowser
from pathlib import Path

import click

from experiments.serve.command_app import allowed_hosts, make_app
from experiments.serve.command_jobs import Analyses
from experiments.shared.command_options import command
from experiments.shared.files import writable_folder
from sim.errors import InputError

DEFAULT_PORT = 8768


def _bind(host: str, port: int) -> socket.socket:
    """The listening socket (port 0: a free one), or one line saying why not."""
    try:
        family = socket.AF_INET6 if ":" in host else socket.AF_INET
        sock = socket.socket(family, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
    except OSError as exc:
        raise InputError(
            f"--host {host} --port {port}: cannot listen there ({exc.strerror})"
        ) from None
    sock.listen(64)
    sock.set_inheritable(True)
    return sock


def _url_host(host: str) -> str:
    if host in ("0.0.0.0", "::"):
        return "127.0.0.1"
    return f"[{host}]" if ":" in host else host


def _network_address() -> str | None:
    """This computer's address on its network (the one a phone opens), if it has one: the
    source address a datagram to a documentation address would leave from (nothing is sent)."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))
            return probe.getsockname()[0]
    except OSError:
        return None


@command("serve")
@click.option(
    "--host",
    default="127.0.0.1",
    show_default=True,
    help="The address to listen on; another than 127.0.0.1 (0.0.0.0: every network) lets a "
    "phone open the page, and anyone there with the URL's token can check positions and run "
    "analyses here (docs/positions.md, the local app).",
)
@click.option(
    "--port",
    type=click.IntRange(0, 65535),
    default=DEFAULT_PORT,
    show_default=True,
    help="The port (0: any free one; the printed URL says which).",
)
@click.option(
    "--out",
    metavar="OUT",
    type=click.Path(file_okay=False),
    default="results/serve",
    show_default=True,
    help="The folder of the analyses: one run folder each, listed again after a restart.",
)
@click.option("--no-browser", is_flag=True, help="Print the URL only; open no browser.")
def serve(host: str, port: int, out: str, no_browser: bool) -> None:
    """Serve the position page: enter a position, see the loader's problems as you type,
    analyse it with a progress bar, and read the answer with what the shipped card says.

    Prints the URL to open, with its token (needed by every request). Writes one run folder
    per analysis into OUT (the position, the request, the files and chunks of `mammoth
    analyse`, card.json). Ctrl-C stops the server, keeping the finished chunks of a running
    analysis (it can be resumed from the page after a restart on the same OUT).
    """
    try:
        address = ipaddress.ip_address(host.strip("[]"))
    except ValueError:
        if host != "localhost":
            raise InputError(f"--host must be an IP address or localhost, not {host!r}") from None
        address = ipaddress.ip_address("127.0.0.1")
    host = str(address) if host != "localhost" else host
    sock = _bind(host, port)
    try:
        writable_folder(out)
    except InputError:
        sock.close()
        raise
    port = sock.getsockname()[1]
    token = secrets.token_urlsafe(24)
    local = address.is_loopback
    hosts = allowed_hosts(host, port)
    analyses = Analyses(Path(out))
    app = make_app(token, hosts, analyses, any_ip_port=None if local else port)
    url = f"http://{_url_host(host)}:{port}/?token={token}"
    click.echo(f"mammoth serve: open {url}", color=False)
    if not local:
        lan = _network_address() if host in ("0.0.0.0", "::") else None
        if lan:
            click.echo(f"  on a phone: http://{lan}:{port}/?token={token}", color=False)
        click.echo(
            "  open to the network: anyone who reaches this computer and has the URL's token "
            "can check positions and run analyses here"
        )
    click.echo(f"  analyses in {out}; Ctrl-C stops the server", color=False)
    if not no_browser:
        threading.Timer(0.5, webbrowser.open, args=(url,)).start()
    import uvicorn

    config = uvicorn.Config(
        app, log_level="warning", access_log=False, timeout_graceful_shutdown=5, lifespan="on"
    )
    try:
        uvicorn.Server(config).run(sockets=[sock])
    finally:
        analyses.close()
        sock.close()


COMMAND = serve
"""The command this module adds to ``mammoth`` (:mod:`experiments.cli` finds it)."""

__all__ = ["serve"]
