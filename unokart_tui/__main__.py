r"""The ``unokart`` command's first step (``python -m unokart_tui`` too, which the host uses for each game).

Only the standard library is loaded before the handlers are set: Ctrl+\ or Ctrl+C while
the game is still loading is a quiet exit (status 130), not a core dump or a traceback.
"""

import os
import signal
import sys


def run() -> int:
    signal.signal(signal.SIGQUIT, signal.default_int_handler)
    try:
        from .cli import main  # noqa: PLC0415 - after the handlers: loading it takes a while
        from .settings import load_settings  # noqa: PLC0415
        from .voice import use_process_language  # noqa: PLC0415
        from .voice.language import choose_language  # noqa: PLC0415

        # The language is chosen before anything is said: the command line's own words too.
        use_process_language(choose_language(load_settings()[0].language, os.environ))
    except KeyboardInterrupt:
        return 130
    return main()


if __name__ == "__main__":
    sys.exit(run())
