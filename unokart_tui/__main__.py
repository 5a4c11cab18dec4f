"""``python -m unokart_tui``: the ``unokart`` command (the host starts each player's game so)."""

import signal
import sys

# Ctrl+\ or Ctrl+C while the game is still loading: a quiet exit, not a core dump or a traceback.
signal.signal(signal.SIGQUIT, signal.default_int_handler)
try:
    from .cli import main
except KeyboardInterrupt:
    sys.exit(130)

sys.exit(main())
