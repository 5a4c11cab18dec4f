"""``unokart serve``: let many players play over SSH, or in a browser."""

from __future__ import annotations

import argparse
from pathlib import Path

from ..serve.config import Address, Limits
from ..voice import _
from .common import Commands, fail, parser_of, positive


def add_to(commands: Commands) -> None:
    limits = Limits()
    serve = commands.add_parser(
        "serve",
        help=_("let many players play over SSH, or in a browser"),
        description=_(
            "Serve the game: over SSH (each key a player with their own saves) and in a browser. "
            'Needs the serve extra: pip install "unokart-tui[serve]".'
        ),
    )
    serve.add_argument("--ssh", type=address, metavar="[HOST:]PORT", help=_("listen for SSH (on every address)"))
    serve.add_argument(
        "--web", type=address, metavar="[HOST:]PORT", help=_("serve the game in a browser (on 127.0.0.1)")
    )
    serve.add_argument(
        "--web-url", metavar="URL", help=_("the page's address for browsers, when a proxy stands in front")
    )
    serve.add_argument(
        "--web-origin",
        metavar="URL",
        action="append",
        type=origin,
        default=[],
        help=_(
            "another page that may open the game (scheme://host[:port]; again for more). "
            "By default only the page's own address may"
        ),
    )
    who = serve.add_mutually_exclusive_group()
    who.add_argument("--authorized-keys", metavar="FILE", type=Path, help=_("only these public keys may play"))
    who.add_argument("--open", action="store_true", help=_("any key may play: a new key is a new player"))
    serve.add_argument("--host-key", metavar="FILE", type=Path, help=_("the host's private key (default: made once)"))
    serve.add_argument("--data-dir", metavar="DIR", type=Path, help=_("the host's data (default: SAVES/server)"))
    for flag, metavar, default, what in (
        ("--max-sessions", "N", limits.max_sessions, _("games at once on the host, over SSH and in browsers")),
        ("--max-sessions-per-key", "N", limits.max_sessions_per_key, _("sessions at once per key")),
        ("--idle-timeout", "SECONDS", int(limits.idle_timeout), _("a game with no key for this long is closed")),
        (
            "--max-auth-failures",
            "N",
            limits.max_auth_failures,
            _("failed logins from one address in 10 minutes, before its unknown keys get one try a connection"),
        ),
        ("--max-players", "N", limits.max_players, _("players (keys) with a directory on the host")),
    ):
        serve.add_argument(flag, type=positive, metavar=metavar, default=default, help=f"{what} (%(default)s)")
    # The host answers its own signals (not Ctrl+\ as Ctrl+C, as python -m set it).
    serve.set_defaults(run=run, parser=serve, own_signals=True)


def address(text: str) -> Address:
    """``PORT``, ``HOST:PORT`` or ``[IPv6]:PORT``; an empty host means "not given"."""
    host, _colon, port = text.rpartition(":")
    if host.startswith("[") and host.endswith("]"):
        host = host[1:-1]
    if not port.isdigit() or not 0 <= int(port) <= 65535:
        raise argparse.ArgumentTypeError(
            _("{text} is not [HOST:]PORT with a port from 0 to 65535").format(text=repr(text))
        )
    return Address(host, int(port))


def origin(text: str) -> str:
    """``--web-origin``: a page's origin, as a browser sends it."""
    from ..serve.webpage import parse_origin  # noqa: PLC0415

    found = parse_origin(text)
    if found is None:
        raise argparse.ArgumentTypeError(
            _("{text} is not an origin such as https://play.example.org").format(text=repr(text))
        )
    return found


def run(args: argparse.Namespace) -> int:
    from .. import locations, serve  # noqa: PLC0415
    from ..files import not_a_folder  # noqa: PLC0415

    parser = parser_of(args)
    if args.ssh is None and args.web is None:
        parser.error(_("say what to serve: --ssh [HOST:]PORT, --web [HOST:]PORT, or both"))
    if args.ssh is not None and args.authorized_keys is None and not args.open:
        parser.error(_("--ssh needs --authorized-keys FILE (only those keys) or --open (any key)"))
    data_dir = args.data_dir or locations.server_dir()
    problem = not_a_folder(data_dir)
    if problem is not None:
        if args.data_dir is not None:
            parser.error(f"--data-dir {problem}")
        return fail(_("the host's data folder {problem}").format(problem=problem))
    limits = Limits(
        max_sessions=args.max_sessions,
        max_sessions_per_key=args.max_sessions_per_key,
        idle_timeout=float(args.idle_timeout),
        max_auth_failures=args.max_auth_failures,
        max_players=args.max_players,
    )
    config = serve.ServeConfig(
        data_dir=data_dir.absolute(),
        ssh=args.ssh,
        web=args.web,
        web_url=args.web_url,
        authorized_keys=args.authorized_keys.absolute() if args.authorized_keys else None,
        open_to_all=args.open,
        host_key=args.host_key.absolute() if args.host_key else None,
        web_origins=tuple(args.web_origin),
        limits=limits,
    )
    missing = serve.missing_packages(config)
    if missing:
        return fail(
            _("serve needs {packages}, which is not installed: {extra}").format(
                packages=", ".join(missing), extra=serve.EXTRA
            )
        )
    return serve.run(config)
