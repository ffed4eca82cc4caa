"""``mammoth serve`` (issue 68): the guard (token, Host header, body size), the loader's checks
as JSON, malformed input answered with its problems (never a 500), analyses queued one at a
time and cancelled, their figures those of ``mammoth analyse``, and a server stopped by SIGTERM
mid-analysis that keeps its finished chunks and resumes after a restart.

The API is asked through Starlette's test client (no socket); the SIGTERM test starts a real
server on 127.0.0.1 and a free port (:mod:`tests.serve_server`).
"""

from __future__ import annotations

import json
import signal
import time
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from experiments.serve.command_app import MAX_BODY, allowed_hosts, make_app
from experiments.serve.command_jobs import Analyses
from tests import serve_server

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = (ROOT / "docs" / "positions" / "example.toml").read_text(encoding="utf-8")
PORT = 8768
TOKEN = "the-token"
QUICK = {"playouts": 20, "seed": 5, "field": "greedy", "chunk_size": 10, "stop": False}
"""A small analysis of the example: two chunks of the light kernel's play-outs."""
WAIT = 240
"""The longest wait for an analysis (a cold kernel compile included)."""


@pytest.fixture
def served(tmp_path):
    analyses = Analyses(tmp_path / "out")
    app = make_app(TOKEN, allowed_hosts("127.0.0.1", PORT), analyses)
    with TestClient(app, base_url=f"http://127.0.0.1:{PORT}") as client:
        yield client, analyses
    analyses.close()


def _check(client, body, **kw):
    return client.post(f"/api/check?token={TOKEN}", content=body, **kw)


def test_every_request_needs_the_token(served):
    client, _ = served
    assert client.get("/").status_code == 403
    assert client.get("/?token=wrong").status_code == 403
    assert _check(client, EXAMPLE).status_code == 200
    assert client.post("/api/check", content=EXAMPLE).status_code == 403
    bearer = {"Authorization": f"Bearer {TOKEN}"}
    assert client.post("/api/check", content=EXAMPLE, headers=bearer).status_code == 200
    assert client.get("/api/analyses", headers={"Authorization": "Bearer x"}).status_code == 403
    page = client.get(f"/?token={TOKEN}")
    assert page.status_code == 200 and "A position from your table" in page.text


@pytest.mark.parametrize("host", ["evil.example:8768", "127.0.0.1.evil.example", "localhost:9"])
def test_a_foreign_host_header_is_refused(served, host):
    client, _ = served
    answer = _check(client, EXAMPLE, headers={"Host": host})
    assert answer.status_code in (403, 421)
    assert _check(client, EXAMPLE, headers={"Host": f"localhost:{PORT}"}).status_code == 200


def test_a_network_host_answers_ip_addresses_but_no_names(tmp_path):
    analyses = Analyses(tmp_path / "out")
    app = make_app(TOKEN, allowed_hosts("0.0.0.0", PORT), analyses, any_ip_port=PORT)
    with TestClient(app, base_url=f"http://192.168.1.20:{PORT}") as client:
        assert _check(client, EXAMPLE).status_code == 200
        assert (
            _check(client, EXAMPLE, headers={"Host": f"rebind.example:{PORT}"}).status_code == 403
        )
        assert _check(client, EXAMPLE, headers={"Host": "192.168.1.20:1"}).status_code == 403
    analyses.close()


def test_a_body_over_the_limit_is_refused(served):
    client, _ = served
    assert _check(client, b"#" * (MAX_BODY + 1)).status_code == 413

    def streamed():  # no Content-Length: counted as it comes
        for _ in range(5):
            yield b"#" * (MAX_BODY // 4)

    assert _check(client, streamed()).status_code == 413


def test_the_check_is_the_loader_s(served):
    client, _ = served
    assert _check(client, EXAMPLE).json() == {"problems": []}
    bad = EXAMPLE.replace("people = 6", "people = 12", 1).replace("wood = 1", "wood = 2.5", 1)
    found = _check(client, bad).json()["problems"]
    assert {"field": "player 'Ann'.people", "message": "must be 5 to 10, not 12"} in found
    assert {"field": "player 'Bob'.wood", "message": "must be a whole number, not 2.5"} in found


HOSTILE = [
    b"round = [",
    b"\xff\xfe not utf-8",
    b"",
    b"a = " + b"[" * 200 + b"]" * 200,
    b'format = 1\nplayer = "nobody"\n',
    b"[[player]]\nname = 3\n",
    EXAMPLE.replace('seat = "Bob"', "seat = 7").encode(),
    EXAMPLE.replace('tiles = "default"', 'tiles = "/etc/passwd"').encode(),
    b"\x00",
]


@pytest.mark.parametrize("body", HOSTILE, ids=range(len(HOSTILE)))
def test_malformed_input_gets_its_problems_never_a_500(served, body):
    client, _ = served
    answer = _check(client, body)
    assert answer.status_code == 200
    found = answer.json()["problems"]
    assert found and all(set(p) == {"field", "message"} and p["message"] for p in found)


@pytest.mark.parametrize(
    "body, status",
    [
        (b"not json", 400),
        (b"[1, 2]", 400),
        (json.dumps({"position": EXAMPLE, "playouts": 0}).encode(), 400),
        (json.dumps({"position": EXAMPLE, "playouts": "many"}).encode(), 400),
        (json.dumps({"position": EXAMPLE, "field": "nobody"}).encode(), 400),
        (json.dumps({"position": EXAMPLE, "stop": "yes"}).encode(), 400),
        (json.dumps({"position": EXAMPLE, "colour": "red"}).encode(), 400),
        (json.dumps({"position": "round = 1"}).encode(), 422),
    ],
)
def test_a_bad_analysis_request_gets_its_problems(served, body, status):
    client, analyses = served
    answer = client.post(f"/api/analyses?token={TOKEN}", content=body)
    assert answer.status_code == status
    assert answer.json()["problems"]
    assert analyses.listing() == []
    assert client.get(f"/api/analyses/nope?token={TOKEN}").status_code == 404


def _wait(client, ident: str, states=("done", "failed", "stopped", "cancelled")) -> dict:
    end = time.monotonic() + WAIT
    while time.monotonic() < end:
        status = client.get(f"/api/analyses/{ident}?token={TOKEN}").json()
        if status["state"] in states:
            return status
        time.sleep(0.2)
    raise AssertionError(f"analysis {ident} still {status['state']} after {WAIT} s")


def _cli_csv(tmp_path: Path, settings: dict) -> str:
    from cli_contract import invoke

    position = tmp_path / "example.toml"
    position.write_text(EXAMPLE, encoding="utf-8")
    out = tmp_path / "cli"
    args = ["analyse", position, "--out", out, "--playouts", settings["playouts"]]
    args += ["--seed", settings["seed"], "--field", settings["field"]]
    args += ["--chunk-size", settings["chunk_size"], "--stop" if settings["stop"] else "--no-stop"]
    result = invoke(*args)
    assert result.exit_code == 0, result.output
    return (out / "analysis.csv").read_text(encoding="utf-8")


@pytest.mark.slow  # three analyses played one after the other, about 13 s
def test_analyses_queue_one_at_a_time_cancel_and_match_the_command(served, tmp_path):
    client, analyses = served
    post = lambda **kw: client.post(  # noqa: E731
        f"/api/analyses?token={TOKEN}", json={"position": EXAMPLE, **QUICK, **kw}
    )
    first, second, third = post().json(), post(seed=6).json(), post(seed=7).json()
    assert second["state"] == "queued" and third["state"] == "queued"
    cancelled = client.post(f"/api/analyses/{third['id']}/cancel?token={TOKEN}").json()
    assert cancelled["state"] == "cancelled"
    while analyses.running or analyses.queue:
        listing = client.get(f"/api/analyses?token={TOKEN}").json()["analyses"]
        running = [a["id"] for a in listing if a["state"] == "running"]
        assert len(running) <= 1, listing
        if running == [second["id"]]:
            assert (analyses.out / first["id"] / "analysis.json").exists()  # one after the other
        time.sleep(0.1)
    done = _wait(client, second["id"])
    assert _wait(client, first["id"])["state"] == "done" and done["state"] == "done"
    assert done["card"]["player"] == "greedy+card" and done["card"]["option"]
    options = [o["option"] for o in done["analysis"]["options"]]
    assert done["card"]["option"] in options
    folder = analyses.out / first["id"]
    assert (folder / "analysis.csv").read_text(encoding="utf-8") == _cli_csv(tmp_path, QUICK)
    assert client.get(f"/api/analyses/{third['id']}?token={TOKEN}").json()["state"] == "cancelled"
    resumed = client.post(f"/api/analyses/{third['id']}/resume?token={TOKEN}").json()
    assert resumed["state"] in ("queued", "running")
    assert _wait(client, third["id"])["state"] == "done"
    again = client.post(f"/api/analyses/{first['id']}/cancel?token={TOKEN}")
    assert again.status_code == 409 and again.json()["problems"]


def _api(url: str, path: str, body: dict | None = None) -> dict:
    import urllib.request

    base, token = url.split("/?token=")
    request = urllib.request.Request(
        base + path,
        data=None if body is None else json.dumps(body).encode(),
        headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"},
        method="GET" if body is None else "POST",
    )
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.loads(answer.read())


@pytest.mark.slow  # a server started twice and an analysis resumed, about 13 s
def test_sigterm_mid_analysis_keeps_the_chunks_and_a_restart_resumes(tmp_path):
    out = tmp_path / "out"
    settings = {**QUICK, "playouts": 4000, "chunk_size": 40}
    proc, url = serve_server.start(out)
    try:
        ident = _api(url, "/api/analyses", {"position": EXAMPLE, **settings})["id"]
        chunks = out / ident / "chunks"
        end = time.monotonic() + WAIT
        while time.monotonic() < end and len(list(chunks.glob("*.npz"))) < 2:
            time.sleep(0.05)
        assert list(chunks.glob("*.npz")), "no chunk was finished in time"
    finally:
        code = serve_server.stop(proc)
    assert code in (0, -signal.SIGTERM)  # uvicorn ends by the signal once it has shut down
    kept = {p.name: p.stat().st_mtime_ns for p in chunks.glob("*.npz")}
    assert kept and not (out / ident / "analysis.json").exists()
    time.sleep(0.5)
    assert {p.name for p in chunks.glob("*.npz")} == set(kept)  # the child ended with the server
    with serve_server.running(out) as url:
        listed = _api(url, "/api/analyses")["analyses"]
        assert [(a["id"], a["state"]) for a in listed] == [(ident, "stopped")]
        assert listed[0]["chunks_done"] == len(kept)
        _api(url, f"/api/analyses/{ident}/resume", {})
        end = time.monotonic() + WAIT  # a running analysis cancelled: its chunks stay too
        while time.monotonic() < end and len(list(chunks.glob("*.npz"))) < len(kept) + 1:
            time.sleep(0.05)
        assert _api(url, f"/api/analyses/{ident}/cancel", {})["state"] == "cancelled"
        assert len(list(chunks.glob("*.npz"))) > len(kept)
        _api(url, f"/api/analyses/{ident}/resume", {})
        end = time.monotonic() + WAIT
        while time.monotonic() < end:
            status = _api(url, f"/api/analyses/{ident}")
            if status["state"] not in ("queued", "running"):
                break
            time.sleep(0.2)
    assert status["state"] == "done", status
    after = {p.name: p.stat().st_mtime_ns for p in chunks.glob("*.npz")}
    assert {name: after.get(name) for name in kept} == kept  # the finished chunks were reused
    assert len(after) > len(kept)
    assert (out / ident / "analysis.csv").read_text(encoding="utf-8") == _cli_csv(
        tmp_path, settings
    )


def _refused_serve(tmp_path, *args) -> str:
    from cli_contract import assert_refused, invoke, snapshot

    before = snapshot(tmp_path)
    result = invoke("serve", *args, "--no-browser", "--out", tmp_path / "out")
    return assert_refused(result, tmp_path, before)


@pytest.mark.parametrize(
    "args, words",
    [
        (["--host", "rebind.example"], "--host must be an IP address or localhost"),
        (["--host", "127.0.0.1:80"], "--host must be an IP address"),
        (["--port", "70000"], "70000"),
        (["--port", "-1"], "-1"),
    ],
)
def test_bad_serve_options_are_refused_in_one_line(tmp_path, args, words):
    assert words in _refused_serve(tmp_path, *args)


def test_a_port_in_use_is_refused_in_one_line(tmp_path):
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        line = _refused_serve(tmp_path, "--port", port)
    assert f"--port {port}: cannot listen there" in line
